import { afterEach, describe, expect, it, vi } from "vitest";
import { fromSomeAddress } from "../../tests/support/oauth-client.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { registrationsPerMinute } from "../http/oauth-routes.ts";

let app: TestApp;
withTestApp(
  (made) => {
    ({ app } = made);
  },
  { env: { TRUST_PROXY: "1" } },
);

afterEach(() => {
  vi.useRealTimers();
});

async function register(body: unknown, init: RequestInit = fromSomeAddress()) {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  const res = await app.request("/oauth/register", {
    ...init,
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe("dynamic client registration", () => {
  it("registers a public client and says so, whatever authentication it asked for", async () => {
    const made = await register({
      client_name: "Cursor",
      redirect_uris: ["cursor://anysphere.cursor-retrieval/oauth/user-promptshelf/callback"],
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token"],
    });
    expect(made.status).toBe(201);
    expect(made.headers.get("cache-control")).toBe("no-store");
    expect(made.body).toEqual({
      client_id: expect.any(String),
      client_id_issued_at: expect.any(Number),
      client_name: "Cursor",
      redirect_uris: ["cursor://anysphere.cursor-retrieval/oauth/user-promptshelf/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    });
  });

  it.each([
    "https://claude.ai/api/mcp/auth_callback",
    "http://localhost:6274/oauth/callback",
    "http://127.0.0.1:33418/callback",
    "http://[::1]:8080/cb",
    "vscode://vscode.github-authentication/did-authenticate",
    "vscode-insiders://vscode.github-authentication/did-authenticate",
    "com.example.app:/oauth2redirect/promptshelf",
    "com.example.app://callback",
    // A browser extension signing in: Chrome's identity API, and Firefox's.
    "https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/",
    "https://0123456789abcdef0123456789abcdef01234567.extensions.allizom.org/",
  ])("takes %s", async (uri) => {
    expect((await register({ client_name: "App", redirect_uris: [uri] })).status).toBe(201);
  });

  it.each([
    "javascript:alert(1)//",
    "JavaScript:alert(1)//",
    "data:text/html,hello",
    "file:///etc/passwd",
    "chrome://settings/passwords",
    "chrome-extension://abcdefghijklmnopabcdefghijklmnop/callback.html",
    "moz-extension://0123-4567/callback.html",
    "view-source:https://client.example/callback",
    "filesystem:https://client.example/temporary/callback",
    "blob:https://client.example/0b5e-11aa",
    "about:blank",
    "vbscript:msgbox(1)",
    "edge://settings",
    "intent://callback#Intent;scheme=https;end",
    "mailto:someone@example.com",
    "ws://localhost:8080/cb",
    "ftp://client.example/cb",
    "myapp://callback",
    "https://client.example/\u0000",
    "https://client.example/\uD800",
    "http://example.com/callback",
    "https://client.example/callback#fragment",
    "https://user:secret@client.example/callback",
    "not a url",
    `https://client.example/${"a".repeat(2000)}`,
  ])("refuses %s", async (uri) => {
    const refused = await register({ client_name: "App", redirect_uris: [uri] });
    expect(refused).toMatchObject({ status: 400, body: { error: "invalid_redirect_uri" } });
  });

  it("refuses too many redirect URIs, none, a name too long, and a body that is not JSON", async () => {
    const uris = Array.from({ length: 11 }, (_, i) => `https://client.example/cb${i}`);
    expect(await register({ redirect_uris: uris })).toMatchObject({
      status: 400,
      body: { error: "invalid_redirect_uri" },
    });
    expect(await register({ redirect_uris: uris.slice(0, 10) })).toMatchObject({
      status: 201,
      body: { client_name: "Unnamed MCP client" },
    });
    expect(await register({ client_name: "App", redirect_uris: [] })).toMatchObject({
      status: 400,
      body: { error: "invalid_redirect_uri" },
    });
    const redirect_uris = ["https://client.example/cb"];
    expect(await register({ client_name: "x".repeat(101), redirect_uris })).toMatchObject({
      status: 400,
      body: { error: "invalid_client_metadata" },
    });
    expect((await register({ client_name: "x".repeat(100), redirect_uris })).status).toBe(201);
    expect(await register({ client_name: "Pay\u202eecilA", redirect_uris })).toMatchObject({
      status: 400,
      body: { error: "invalid_client_metadata" },
    });
    expect(await register("{not json")).toMatchObject({ status: 400 });
  });

  it(`takes ${registrationsPerMinute} registrations a minute from one address, then 429`, async () => {
    // One minute's window throughout, however long the requests take.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:01Z"));
    const sameAddress = { headers: { "x-forwarded-for": "192.0.2.7" } };
    const body = { client_name: "Flood", redirect_uris: ["https://client.example/cb"] };
    for (let i = 0; i < registrationsPerMinute; i++) {
      expect((await register(body, sameAddress)).status).toBe(201);
    }
    const refused = await register(body, sameAddress);
    expect(refused).toMatchObject({ status: 429, body: { error: "too_many_requests" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held up by it.
    expect((await register(body)).status).toBe(201);
  });
});
