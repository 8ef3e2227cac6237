import { data, redirect } from "react-router";
import { ErrorView } from "~/components/layout/error-view.tsx";
import { appContext } from "~/lib/app-context.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { formRedirectPolicy } from "../../../server/http/security-headers.ts";
import {
  type AuthorizeCheck,
  checkAuthorizeRequest,
} from "../../../server/oauth/authorize-request.ts";
import { denyAuthorization, issueCode } from "../../../server/oauth/issue-code.ts";
import { formActionSource, redirectTarget } from "../../../server/oauth/redirect-uris.ts";
import type { Route } from "./+types/consent";
import { ConsentCard, RefusedCard, SignInCard } from "./consent-cards.tsx";

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
 * /oauth/authorize: an MCP client sent the person here to be allowed in (OAuth 2.1 with PKCE).
 * A request that names no known client or redirect URI is refused here; any other fault is
 * shown too, with a link back to the client carrying the error, never a redirect by itself.
 * Signed out, the person signs in and comes back; signed in, they see who asks, for what, and
 * answer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config, viewer, cspNonce } = context.get(appContext);
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

/** Allow or Deny, posted from the page above (the cross-site check holds it to our own pages). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, viewer } = context.get(appContext);
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

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/oauth/authorize",
    title: "Connect an app | PromptShelf",
    description: "Allow an app to reach your PromptShelf library through MCP.",
    noindex: true,
  });

export default function Consent({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  return (
    <main id="main" className="flex min-h-screen flex-col items-center px-4 py-10 sm:py-16">
      {shown.view === "refused" ? (
        <RefusedCard
          problem={shown.problem}
          backToApp={
            "backToApp" in shown && typeof shown.backToApp === "string"
              ? shown.backToApp
              : undefined
          }
        />
      ) : shown.view === "sign-in" ? (
        <SignInCard app={shown.app} returnTo={shown.returnTo} />
      ) : (
        <ConsentCard
          app={shown.app}
          access={shown.access}
          person={shown.person}
          action={shown.action}
        />
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} wholePage />;
}
