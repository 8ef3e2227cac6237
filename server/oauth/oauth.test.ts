import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { connectMcp, toolJson } from "../../tests/support/mcp-client.ts";
import {
  answerConsent,
  fromSomeAddress,
  MemoryOAuthClient,
  pkcePair,
  registerOAuthClient,
  tokenRequest,
} from "../../tests/support/oauth-client.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { oauthFormParameterLimit } from "../http/oauth-routes.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  { env: { TRUST_PROXY: "1" } },
);

const origin = "http://localhost:3000";
const mcpUrl = new URL("/mcp", origin);
const viaApp = async (url: string | URL, init?: RequestInit) =>
  app.request(String(url), fromSomeAddress(init));
const callback = "http://127.0.0.1:33418/callback";

/** An app the person lets in through the consent page, as the SDK's own client drives it. */
function appFor(cookie: string, name = "Test Desktop", decision: "allow" | "deny" = "allow") {
  const seen: { html: string; location: URL | null }[] = [];
  const provider = new MemoryOAuthClient({
    name,
    redirectUrl: callback,
    authorize: async (url) => {
      const answered = await answerConsent(app, { url, cookie, decision });
      seen.push({ html: answered.html, location: answered.location });
      return answered.location?.searchParams.get("code") ?? null;
    },
  });
  return { provider, seen };
}

/** A client authorized by the person (the whole flow, by the SDK's auth()), with its tokens. */
async function authorizedApp(cookie: string, scope?: string) {
  const { provider, seen } = appFor(cookie);
  expect(await auth(provider, { serverUrl: mcpUrl, scope, fetchFn: viaApp })).toBe("REDIRECT");
  expect(provider.code).toBeTruthy();
  const result = await auth(provider, {
    serverUrl: mcpUrl,
    authorizationCode: provider.code ?? "",
    fetchFn: viaApp,
  });
  expect(result).toBe("AUTHORIZED");
  const tokens = provider.saved;
  if (!tokens?.refresh_token) throw new Error("no tokens saved");
  return { provider, seen, tokens: { ...tokens, refresh_token: tokens.refresh_token } };
}

async function mcpStatus(token: string) {
  const res = await app.request("/mcp", {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  await res.body?.cancel();
  return res.status;
}

/** A registered client and an authorization request for it, PKCE S256 unless told otherwise. */
async function authorizationRequest(overrides: Record<string, string | null> = {}) {
  const client = await registerOAuthClient(app, {
    client_name: "Manual client",
    redirect_uris: ["https://client.example/callback"],
  });
  const pkce = pkcePair();
  const params: Record<string, string | null> = {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: "https://client.example/callback",
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
    scope: "prompts:read",
    state: "xyz-state",
    resource: `${origin}/mcp`,
    ...overrides,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null) query.set(name, value);
  return { client, pkce, path: `/oauth/authorize?${query}` };
}

async function codeFor(cookie: string, overrides: Record<string, string | null> = {}) {
  const made = await authorizationRequest(overrides);
  const answered = await answerConsent(app, {
    url: `${origin}${made.path}`,
    cookie,
    decision: "allow",
  });
  const code = answered.location?.searchParams.get("code");
  if (!code) throw new Error("no code");
  return { ...made, code };
}

describe("MCP authorization by OAuth", () => {
  it("the SDK's client registers, is let in on the consent page, and uses the library", async () => {
    const person = await apiPerson(database.db, app);
    const created = await person.call("POST", "/api/v1/prompts", {
      promptText: "Summarise the quarterly report in five bullet points.",
      useCase: "Quarterly summary",
      shared: false,
    });
    expect(created.status).toBe(201);
    const { provider, seen } = appFor(person.actor.cookie, "Claude Desktop");

    // First contact: 401, discovery, registration, and off to the consent page.
    const first = new Client({ name: "oauth-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(mcpUrl, {
      authProvider: provider,
      fetch: viaApp,
    });
    await expect(first.connect(transport)).rejects.toThrow(/Unauthorized/);
    expect(provider.client?.client_id).toBeTruthy();
    const [consent] = seen;
    expect(consent?.html).toContain("Connect Claude Desktop to PromptShelf?");
    expect(consent?.html).toContain(person.user.email);
    expect(consent?.html).toContain("127.0.0.1:33418");
    expect(consent?.html).toContain("Save new prompts and change your prompts");
    expect(consent?.location?.origin + (consent?.location?.pathname ?? "")).toBe(callback);
    expect(consent?.location?.searchParams.get("state")).toBe(provider.sentState);
    expect(consent?.location?.searchParams.get("iss")).toBe(origin);

    await transport.finishAuth(provider.code ?? "");
    expect(provider.saved).toMatchObject({
      token_type: "Bearer",
      expires_in: 3600,
      scope: "prompts:read prompts:write",
    });

    const client = new Client({ name: "oauth-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: viaApp }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("search_prompts");
    const found = toolJson(
      await client.callTool({ name: "search_prompts", arguments: { query: "quarterly" } }),
    );
    expect(found.value.items.map((item: { id: string }) => item.id)).toContain(created.body.id);
    const saved = toolJson(
      await client.callTool({
        name: "save_prompt",
        arguments: { text: "Draft a polite reminder email.", useCase: "Reminder" },
      }),
    );
    expect(saved.isError).toBe(false);
    await client.close();

    // The person sees the connection among their tokens, by the app's name.
    const listed = await person.call("GET", "/api/v1/tokens");
    expect(listed.body).toEqual([
      expect.objectContaining({
        name: "Claude Desktop",
        client: "Claude Desktop",
        scope: "write",
        admin: false,
      }),
    ]);
  });

  it("a read-only grant may read but not save", async () => {
    const person = await apiPerson(database.db, app);
    const { tokens, seen } = await authorizedApp(person.actor.cookie, "prompts:read");
    expect(tokens.scope).toBe("prompts:read");
    expect(seen[0]?.html).toContain("read only");
    expect(seen[0]?.html).not.toContain("Save new prompts");
    const client = await connectMcp({ origin, token: tokens.access_token, fetch: viaApp });
    const searched = toolJson(
      await client.callTool({ name: "search_prompts", arguments: { query: "anything" } }),
    );
    expect(searched.isError).toBe(false);
    const refused = toolJson(
      await client.callTool({
        name: "save_prompt",
        arguments: { text: "Should not be saved", useCase: "Nope" },
      }),
    );
    expect(refused.isError).toBe(true);
    expect(refused.value.error).toBe("forbidden");
    await client.close();
  });

  it("an administrator's grant carries no admin rights, and is good for /mcp alone", async () => {
    const admin = await createUser(database.db, { email: "admin@example.com" });
    const cookie = await signedInCookie(database.db, admin.id);
    const { tokens } = await authorizedApp(cookie);
    // Granted for the resource /mcp: the JSON API refuses it, whatever the route.
    for (const path of ["/api/v1/session", "/api/v1/prompts?scope=personal"]) {
      const refused = await app.request(path, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect([path, refused.status]).toEqual([path, 401]);
    }
    const someone = await createUser(database.db);
    const hidden = await createPrompt(database.db, { userId: someone.id, isShared: false });
    const client = await connectMcp({ origin, token: tokens.access_token, fetch: viaApp });
    const got = toolJson(
      await client.callTool({ name: "get_prompt", arguments: { id: hidden.id } }),
    );
    expect(got).toEqual({
      isError: true,
      value: { error: "not_found", message: "Prompt not found" },
    });
    await client.close();
    const listed = await app.request("/api/v1/tokens", { headers: { cookie } });
    expect(await listed.json()).toEqual([expect.objectContaining({ admin: false })]);
  });

  it("refreshing rotates both tokens: the old access token is refused at once, the old refresh token too", async () => {
    const person = await apiPerson(database.db, app);
    const { provider, tokens } = await authorizedApp(person.actor.cookie);
    expect(await mcpStatus(tokens.access_token)).toBe(200);
    const clientId = provider.client?.client_id ?? "";
    const refreshed = await tokenRequest(app, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      resource: `${origin}/mcp`,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get("cache-control")).toBe("no-store");
    expect(refreshed.body.access_token).not.toBe(tokens.access_token);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    expect(await mcpStatus(refreshed.body.access_token)).toBe(200);
    // Still one connection in the person's list: the same grant, rotated.
    expect((await person.call("GET", "/api/v1/tokens")).body).toHaveLength(1);
    const again = await tokenRequest(app, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("a rotated refresh token presented again ends the whole grant at once (RFC 9700 §4.14.2)", async () => {
    // The same app keeping tokens in memory, as the server does, told of changes by the database.
    const memory = await signedInMemory(database, { env: { TRUST_PROXY: "1" } });
    try {
      const mcpThroughMemory = async (token: string) => {
        const res = await memory.app.request("/mcp", {
          method: "POST",
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        });
        await res.body?.cancel();
        return res.status;
      };
      const refresh = (refreshToken: string) =>
        tokenRequest(memory.app, {
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: clientId,
        });
      const person = await apiPerson(database.db, app);
      const { provider, tokens } = await authorizedApp(person.actor.cookie);
      const clientId = provider.client?.client_id ?? "";
      const rotated = await refresh(tokens.refresh_token);
      expect(rotated.status).toBe(200);
      // The new access token is in use, and kept in memory.
      expect(await mcpThroughMemory(rotated.body.access_token)).toBe(200);
      expect(await mcpThroughMemory(rotated.body.access_token)).toBe(200);

      // The first refresh token again: a thief's copy, or the client's own after a thief's use.
      const reused = await refresh(tokens.refresh_token);
      expect(reused).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
      expect(reused.body.error_description).toContain("already used");
      // At once, before any announcement is heard: the current access token, and the current
      // refresh token, are both refused.
      expect(await mcpThroughMemory(rotated.body.access_token)).toBe(401);
      expect(await refresh(rotated.body.refresh_token)).toMatchObject({
        status: 400,
        body: { error: "invalid_grant" },
      });
      expect((await person.call("GET", "/api/v1/tokens")).body).toEqual([]);
    } finally {
      await memory.feed.close();
    }
  });

  it("a refresh token another client presents, or one the grant still holds, ends nothing", async () => {
    const person = await apiPerson(database.db, app);
    const { provider, tokens } = await authorizedApp(person.actor.cookie);
    const other = await registerOAuthClient(app, { redirect_uris: ["https://other.example/cb"] });
    const rotated = await tokenRequest(app, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: provider.client?.client_id ?? "",
    });
    expect(rotated.status).toBe(200);
    // Another client with the rotated token, and the current one asking for more than it has.
    for (const form of [
      { refresh_token: tokens.refresh_token, client_id: other.client_id },
      { refresh_token: rotated.body.refresh_token, client_id: other.client_id },
    ]) {
      expect(await tokenRequest(app, { grant_type: "refresh_token", ...form })).toMatchObject({
        status: 400,
        body: { error: "invalid_grant" },
      });
    }
    expect(await mcpStatus(rotated.body.access_token)).toBe(200);
    const again = await tokenRequest(app, {
      grant_type: "refresh_token",
      refresh_token: rotated.body.refresh_token,
      client_id: provider.client?.client_id ?? "",
    });
    expect(again.status).toBe(200);
  });

  it("revoking the connection in the token list ends it at once, refresh included", async () => {
    const person = await apiPerson(database.db, app);
    const { provider, tokens } = await authorizedApp(person.actor.cookie);
    expect(await mcpStatus(tokens.access_token)).toBe(200);
    const [listed] = (await person.call("GET", "/api/v1/tokens")).body;
    expect((await person.call("DELETE", `/api/v1/tokens/${listed.id}`)).status).toBe(204);
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    const refreshed = await tokenRequest(app, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: provider.client?.client_id ?? "",
    });
    expect(refreshed).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("the client revokes its own grant by either token (RFC 7009), and is answered 200 whatever it sends", async () => {
    const person = await apiPerson(database.db, app);
    const { provider, tokens } = await authorizedApp(person.actor.cookie);
    const revoke = (token: string) =>
      app.request("/oauth/revoke", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          token,
          client_id: provider.client?.client_id ?? "",
        }).toString(),
      });
    expect((await revoke("not-a-token")).status).toBe(200);
    expect(await mcpStatus(tokens.access_token)).toBe(200);
    expect((await revoke(tokens.refresh_token)).status).toBe(200);
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    expect((await person.call("GET", "/api/v1/tokens")).body).toEqual([]);
  });

  it("a code works once, for its client, with its verifier", async () => {
    const user = await createUser(database.db);
    const cookie = await signedInCookie(database.db, user.id);
    const { client, pkce, code } = await codeFor(cookie);
    const exchange = (params: Record<string, string>) =>
      tokenRequest(app, {
        grant_type: "authorization_code",
        code,
        client_id: client.client_id,
        redirect_uri: "https://client.example/callback",
        code_verifier: pkce.verifier,
        ...params,
      });
    const other = await registerOAuthClient(app, { redirect_uris: ["https://other.example/cb"] });
    // Another client cannot use it (and using it up that way ends it for everyone).
    const stolen = await codeFor(cookie);
    expect(
      await tokenRequest(app, {
        grant_type: "authorization_code",
        code: stolen.code,
        client_id: other.client_id,
        code_verifier: stolen.pkce.verifier,
      }),
    ).toMatchObject({ status: 400, body: { error: "invalid_grant" } });

    const first = await exchange({});
    expect(first.status).toBe(200);
    expect(first.body.scope).toBe("prompts:read");
    expect(await exchange({})).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("a wrong code_verifier is refused, and the code is used up by the attempt", async () => {
    const user = await createUser(database.db);
    const cookie = await signedInCookie(database.db, user.id);
    const { client, pkce, code } = await codeFor(cookie);
    const exchange = (verifier: string) =>
      tokenRequest(app, {
        grant_type: "authorization_code",
        code,
        client_id: client.client_id,
        code_verifier: verifier,
      });
    expect(await exchange(pkcePair().verifier)).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
    expect(await exchange(pkce.verifier)).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
  });

  it("the token endpoint refuses unknown clients, missing verifiers, other grant types and other resources", async () => {
    const user = await createUser(database.db);
    const cookie = await signedInCookie(database.db, user.id);
    const { client, pkce, code } = await codeFor(cookie);
    const base = {
      grant_type: "authorization_code",
      code,
      client_id: client.client_id,
      code_verifier: pkce.verifier,
    };
    expect(await tokenRequest(app, { ...base, client_id: "no-such-client" })).toMatchObject({
      status: 401,
      body: { error: "invalid_client" },
    });
    expect(await tokenRequest(app, { ...base, code_verifier: "" })).toMatchObject({
      status: 400,
      body: { error: "invalid_request" },
    });
    expect(await tokenRequest(app, { ...base, grant_type: "client_credentials" })).toMatchObject({
      status: 400,
      body: { error: "unsupported_grant_type" },
    });
    expect(
      await tokenRequest(app, { ...base, resource: "https://elsewhere.example/mcp" }),
    ).toMatchObject({ status: 400, body: { error: "invalid_target" } });
    // None of those used the code up.
    expect((await tokenRequest(app, base)).status).toBe(200);
  });

  it("a NUL in any parameter of the token or revocation endpoint is invalid_request (RFC 6749 §5.2)", async () => {
    const user = await createUser(database.db);
    const cookie = await signedInCookie(database.db, user.id);
    const { client, pkce, code } = await codeFor(cookie);
    const forms: Record<string, Record<string, string>> = {
      "/oauth/token": {
        grant_type: "authorization_code",
        code,
        client_id: client.client_id,
        redirect_uri: "https://client.example/callback",
        code_verifier: pkce.verifier,
        resource: `${origin}/mcp`,
        refresh_token: "psr_x",
        scope: "prompts:read",
      },
      "/oauth/revoke": { token: "psr_x", client_id: client.client_id, token_type_hint: "x" },
    };
    for (const [endpoint, form] of Object.entries(forms)) {
      for (const name of Object.keys(form)) {
        for (const value of ["\u0000", `${form[name]}\u0000`]) {
          const res = await app.request(endpoint, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ ...form, [name]: value }).toString(),
          });
          expect(res.status, `${endpoint} ${name}`).toBe(400);
          expect(await res.json(), `${endpoint} ${name}`).toMatchObject({
            error: "invalid_request",
          });
        }
      }
    }
    // None of those used the code up.
    expect((await tokenRequest(app, forms["/oauth/token"] ?? {})).status).toBe(200);
  });

  it(`a form of more than ${oauthFormParameterLimit} parameters is invalid_request, and uses no code up`, async () => {
    const user = await createUser(database.db);
    const cookie = await signedInCookie(database.db, user.id);
    const { client, pkce, code } = await codeFor(cookie);
    const form = {
      grant_type: "authorization_code",
      code,
      client_id: client.client_id,
      redirect_uri: "https://client.example/callback",
      code_verifier: pkce.verifier,
      resource: `${origin}/mcp`,
    };
    const padded = (count: number) => {
      const extra = Array.from({ length: count - Object.keys(form).length }, (_, n) => [
        `extra${n}`,
        "x",
      ]);
      return new URLSearchParams([...Object.entries(form), ...extra]).toString();
    };
    const over = await app.request("/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: padded(oauthFormParameterLimit + 1),
    });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ error: "invalid_request" });
    // At the limit, the extra parameters are ignored as RFC 6749 §3.2 says, and the code works.
    const at = await app.request("/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: padded(oauthFormParameterLimit),
    });
    expect(at.status).toBe(200);
  });

  it("a NUL in the authorization request's address is refused on a page, never sent on", async () => {
    const user = await createUser(database.db);
    const cookie = await signedInCookie(database.db, user.id);
    const { path } = await authorizationRequest();
    for (const asked of [
      "/oauth/authorize?client_id=%00",
      `${path}&state=%00`,
      path.replace("client_id=", "client_id=%00"),
    ]) {
      const res = await app.request(asked, { headers: { cookie } });
      expect(res.status, asked).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("content-type")).toContain("text/html");
    }
  });

  it("an unknown client or an unregistered redirect URI gets an error page, never a redirect", async () => {
    const user = await createUser(database.db);
    const cookie = await signedInCookie(database.db, user.id);
    const cases: Record<string, string>[] = [
      { client_id: "no-such-client" },
      { redirect_uri: "https://attacker.example/callback" },
      { redirect_uri: "https://client.example/callback/../elsewhere" },
      { redirect_uri: "https://client.example/callback?extra=1" },
    ];
    for (const overrides of cases) {
      const { path } = await authorizationRequest(overrides);
      const res = await app.request(path, { headers: { cookie } });
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(await res.text()).toContain("This app cannot connect");
    }
  });

  it.each([
    ["no PKCE challenge", { code_challenge: null }, "invalid_request"],
    ["the plain method", { code_challenge_method: "plain" }, "invalid_request"],
    ["no challenge method", { code_challenge_method: null }, "invalid_request"],
    ["another response type", { response_type: "token" }, "unsupported_response_type"],
    ["a scope we do not offer", { scope: "prompts:read admin" }, "invalid_scope"],
    ["another resource", { resource: "https://elsewhere.example/mcp" }, "invalid_target"],
  ])(
    "%s is shown, with a link back to the client carrying the error, never a redirect",
    async (_name, overrides, error) => {
      const user = await createUser(database.db);
      const cookie = await signedInCookie(database.db, user.id);
      const { path } = await authorizationRequest(overrides);
      const res = await app.request(path, { headers: { cookie } });
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      const html = await res.text();
      const link = /<a href="([^"]+)"[^>]*>Back to the app<\/a>/.exec(html)?.[1] ?? "";
      const location = new URL(link.replaceAll("&amp;", "&"));
      expect(location.origin + location.pathname).toBe("https://client.example/callback");
      expect(location.searchParams.get("error")).toBe(error);
      expect(location.searchParams.get("state")).toBe("xyz-state");
      expect(location.searchParams.get("code")).toBeNull();
    },
  );

  it("Deny sends the client access_denied and keeps nothing", async () => {
    const user = await createUser(database.db);
    const cookie = await signedInCookie(database.db, user.id);
    const { path } = await authorizationRequest();
    const answered = await answerConsent(app, {
      url: `${origin}${path}`,
      cookie,
      decision: "deny",
    });
    expect(answered.answer.status).toBe(303);
    expect(answered.location?.searchParams.get("error")).toBe("access_denied");
    expect(answered.location?.searchParams.get("state")).toBe("xyz-state");
    expect(answered.location?.searchParams.get("code")).toBeNull();
  });

  it("signed out, the consent page offers sign-in that comes back to the same request", async () => {
    const { path } = await authorizationRequest();
    const res = await app.request(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Sign in to connect Manual client");
    const returnTo = /name="returnTo" value="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(returnTo).toBe(path);
  });

  it("the consent answer comes only from our own pages, and the page cannot be framed", async () => {
    const user = await createUser(database.db);
    const cookie = await signedInCookie(database.db, user.id);
    const { path } = await authorizationRequest();
    const page = await app.request(path, { headers: { cookie } });
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/form-action 'self' https:\/\/client\.example(;|$)/);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const forged = await app.request(path, {
      method: "POST",
      headers: {
        cookie,
        origin: "https://attacker.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "decision=allow",
    });
    expect(forged.status).toBe(403);
  });
});

describe("discovery and cross-origin access", () => {
  it("publishes protected resource and authorization server metadata", async () => {
    for (const path of [
      "/.well-known/oauth-protected-resource/mcp",
      "/.well-known/oauth-protected-resource",
    ]) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        resource: `${origin}/mcp`,
        authorization_servers: [origin],
        scopes_supported: ["prompts:read", "prompts:write"],
        bearer_methods_supported: ["header"],
        resource_name: "PromptShelf",
      });
    }
    const server = await (await app.request("/.well-known/oauth-authorization-server")).json();
    expect(server).toMatchObject({
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      registration_endpoint: `${origin}/oauth/register`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
    });
  });

  it("answers browsers' preflights and lets them read /mcp's challenge", async () => {
    for (const path of ["/oauth/token", "/oauth/register", "/mcp"]) {
      const preflight = await app.request(path, {
        method: "OPTIONS",
        headers: {
          origin: "https://inspector.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type, mcp-protocol-version",
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
      expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
      expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    }
    const challenged = await app.request("/mcp", {
      method: "POST",
      headers: {
        origin: "https://inspector.example",
        authorization: "Bearer ps_not_a_real_token",
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(challenged.status).toBe(401);
    expect(challenged.headers.get("access-control-allow-origin")).toBe("*");
    expect(challenged.headers.get("access-control-expose-headers")).toMatch(/WWW-Authenticate/);
    expect(challenged.headers.get("www-authenticate")).toContain(
      `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it("takes token requests from other sites: they carry no cookie to ride", async () => {
    const res = await app.request("/oauth/token", {
      method: "POST",
      headers: {
        origin: "https://inspector.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=refresh_token&refresh_token=nope&client_id=nope",
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "invalid_client" });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });
});
