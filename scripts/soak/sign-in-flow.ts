import { CookieJar } from "../../tests/support/cookies.ts";
import type { Answer, SendOptions, SoakClient } from "./soak-client.ts";
import type { soakRecorder } from "./soak-recorder.ts";

const redirects = [302, 303];

/**
 * One person signing in through the development identity provider, as a browser does it:
 * Continue with Google on the home page (a form posted to /auth/login), the provider's page,
 * the form posted with an email, back through /auth/callback to the dashboard; then signing
 * out, so the sessions table holds what real use leaves behind rather than one row per second.
 * Every request is timed as "sign-in"; the whole flow is timed too. Returns whether it ended
 * signed in.
 */
export async function signInFlow(
  client: SoakClient,
  recorder: ReturnType<typeof soakRecorder>,
  person: { email: string; name: string },
) {
  const began = performance.now();
  const jar = new CookieJar();
  const page = await visit(client, jar, "/auth/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: client.origin },
    body: new URLSearchParams({ returnTo: "/" }),
    expect: [200],
  });
  if (page?.status !== 200) return fail(recorder);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  if (!action) return fail(recorder, "no sign-in form on the provider page");

  const landed = await visit(client, jar, action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: client.origin },
    body: new URLSearchParams({ email: person.email, name: person.name, action: "login" }),
    expect: [200],
  });
  if (landed?.status !== 200) return fail(recorder);
  if (landed.url.pathname !== "/dashboard" || !jar.get("ps_session")) {
    return fail(recorder, `ended on ${landed.url.pathname} without a session`);
  }
  recorder.signIn(performance.now() - began);

  const out = await client.send("sign-in", "/auth/logout", {
    method: "POST",
    headers: { cookie: jar.header(), accept: "application/json", origin: client.origin },
    expect: [200],
  });
  return out?.status === 200;
}

/**
 * Follows redirects like a browser, keeping cookies; every hop is recorded. Only the last answer
 * is checked against `expect`: the hops before it must be redirects.
 */
async function visit(client: SoakClient, jar: CookieJar, path: string, init: SendOptions) {
  let answer: Answer | null = await send(client, jar, path, {
    ...init,
    expect: [...init.expect, ...redirects],
  });
  for (let hops = 0; answer && hops < 10; hops++) {
    const location = answer.response.headers.get("location");
    if (!redirects.includes(answer.status) || !location) break;
    answer = await send(client, jar, new URL(location, answer.url).href, {
      expect: [...init.expect, ...redirects],
    });
  }
  return answer;
}

async function send(client: SoakClient, jar: CookieJar, target: string, init: SendOptions) {
  const answer = await client.send("sign-in", target, {
    ...init,
    headers: { ...init.headers, cookie: jar.header() },
  });
  if (answer) jar.take(answer.response);
  return answer;
}

function fail(recorder: ReturnType<typeof soakRecorder>, reason?: string) {
  recorder.signInFailed(reason);
  return false;
}
