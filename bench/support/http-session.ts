import { CookieJar } from "../../tests/support/cookies.ts";

/**
 * Signs in through the development provider as a browser does: Continue with Google (a POST;
 * a build from before sign-in moved to POST takes a GET), the provider's form, the callback.
 * Returns the session cookie.
 */
export async function signInOverHttp(origin: string, email: string, name = "Bench Person") {
  const jar = new CookieJar();
  const form = { origin, "content-type": "application/x-www-form-urlencoded" };
  let page = await visit(origin, jar, "/auth/login", {
    method: "POST",
    headers: form,
    body: "returnTo=%2F",
  });
  if (!(await page.clone().text()).includes("Development sign-in")) {
    page = await visit(origin, jar, "/auth/login?returnTo=/");
  }
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1];
  if (!action) throw new Error("no development sign-in form");
  await visit(origin, jar, action, {
    method: "POST",
    headers: form,
    body: new URLSearchParams({ email, name, action: "login" }),
  });
  const session = jar.get("ps_session");
  if (!session) throw new Error("signing in left no session");
  return `ps_session=${session}`;
}

/** Follows redirects like a browser, keeping cookies. */
async function visit(origin: string, jar: CookieJar, path: string, init: RequestInit = {}) {
  let response = await fetch(new URL(path, origin), {
    ...init,
    redirect: "manual",
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.take(response);
  for (let hops = 0; hops < 10 && response.headers.has("location"); hops++) {
    const next = new URL(response.headers.get("location") ?? "", origin);
    response = await fetch(next, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.take(response);
  }
  return response;
}

/** The value at fraction p of the sorted latencies (p99: 0.99). */
export function percentile(latencies: number[], p: number) {
  const values = [...latencies].sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor(p * values.length))] ?? Number.NaN;
}

/** Milliseconds as a table shows them. */
export function ms(value: number) {
  return value < 10 ? value.toFixed(1) : String(Math.round(value));
}
