import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext, viewerContext } from "~/lib/app-context.ts";
import { formRedirectPolicy } from "../../../server/http/security-headers.ts";
import {
  type AuthorizeCheck,
  checkAuthorizeRequest,
} from "../../../server/oauth/authorize-request.ts";
import { denyAuthorization, issueCode } from "../../../server/oauth/issue-code.ts";
import { formActionSource, redirectTarget } from "../../../server/oauth/redirect-uris.ts";

interface PageArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Never kept: it depends on the session, and the question is asked afresh each time. */
const noStore = { "Cache-Control": "no-store" };

/** The page refusing a request: a fault carries the link back to the client with its error. */
function refusal(check: Exclude<AuthorizeCheck, { outcome: "consent" }>) {
  return data(
    {
      view: "refused" as const,
      problem: check.problem,
      backToApp: check.outcome === "fault" ? check.location : undefined,
    },
    { status: 400, headers: noStore },
  );
}

/**
 * What /oauth/authorize shows: a request that names no known client or redirect URI is refused,
 * as is any other fault (with a link back to the client carrying the error, never a redirect by
 * itself); signed out, the sign-in card; signed in, who asks, for what, and the form to answer.
 */
export async function consentPage({ request, context }: PageArgs) {
  const { db, config, cspNonce } = context.get(appContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const check = await checkAuthorizeRequest({
    db,
    origin: config.publicOrigin,
    query: url.searchParams,
  });
  if (check.outcome !== "consent") return refusal(check);
  const { client, redirectUri, access } = check.request;
  const app = { name: client.name, returnsTo: redirectTarget(redirectUri) };
  const here = url.pathname + url.search;
  const person = await viewer();
  if (!person) {
    return data({ view: "sign-in" as const, app, access, returnTo: here }, { headers: noStore });
  }
  return data(
    {
      view: "consent" as const,
      app,
      access,
      person: { name: person.name, email: person.email },
      action: here,
    },
    {
      headers: {
        ...noStore,
        "Content-Security-Policy": formRedirectPolicy({
          nonce: cspNonce,
          formAction: [formActionSource(redirectUri)],
        }),
      },
    },
  );
}

/** Allow or Deny, posted from the page (the cross-site check holds it to our own pages). */
export async function consentAnswer({ request, context }: PageArgs) {
  const { db, config } = context.get(appContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const origin = config.publicOrigin;
  const check = await checkAuthorizeRequest({ db, origin, query: url.searchParams });
  if (check.outcome !== "consent") return refusal(check);
  const person = await viewer();
  // Signed out meanwhile: the page asks them to sign in again.
  if (!person) throw redirect(url.pathname + url.search, 303);
  const decision = (await request.formData()).get("decision");
  if (decision === "deny") {
    throw redirect(denyAuthorization({ request: check.request, origin }), 303);
  }
  if (decision !== "allow") {
    return data(
      { view: "refused" as const, problem: "Please choose Allow or Deny." },
      { status: 400, headers: noStore },
    );
  }
  throw redirect(await issueCode({ db, viewer: person, request: check.request, origin }), 303);
}
