import { createHash, randomBytes } from "node:crypto";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Hono } from "hono";

const origin = "http://localhost:3000";
type Requester = Pick<Hono, "request">;

/**
 * What an MCP client keeps between runs, in memory: its registration, its tokens, the PKCE
 * verifier of the authorization under way. When sent to authorize, it hands the URL to
 * `authorize`, which plays the person in the browser and answers the code (or null).
 */
export class MemoryOAuthClient implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  /** The code the last authorization sent back. */
  code: string | null = null;
  readonly sentState = randomBytes(8).toString("hex");

  constructor(
    readonly options: {
      name: string;
      redirectUrl: string;
      authorize: (url: URL) => Promise<string | null>;
    },
  ) {}

  get redirectUrl() {
    return this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.name,
      redirect_uris: [this.options.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  state() {
    return this.sentState;
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.client = client;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  async redirectToAuthorization(url: URL) {
    this.code = await this.options.authorize(url);
  }
}

/** The consent page's form: where it posts, from the page's HTML. */
export function consentFormAction(html: string) {
  const match = /<form[^>]* action="(\/oauth\/authorize[^"]*)"/.exec(html);
  if (!match?.[1]) throw new Error("no consent form on the page");
  return match[1].replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
}

/**
 * A signed-in person opens the authorization URL and answers: the page's own form is posted, as
 * the browser would (our Origin, the session cookie). Answers the page and where the answer
 * sent the browser.
 */
export async function answerConsent(
  app: Requester,
  options: { url: string | URL; cookie: string; decision: "allow" | "deny" },
) {
  const url = new URL(options.url);
  const page = await app.request(url.pathname + url.search, {
    headers: { cookie: options.cookie },
  });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}`);
  const answer = await app.request(consentFormAction(html), {
    method: "POST",
    headers: {
      cookie: options.cookie,
      origin,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ decision: options.decision }).toString(),
  });
  const location = answer.headers.get("location");
  return { page, html, answer, location: location ? new URL(location) : null };
}

/** A PKCE pair, S256. */
export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

/**
 * Registrations are limited per client address: behind TRUST_PROXY=1, each request named as
 * coming from an address of its own, as apps on many machines would.
 */
export function fromSomeAddress(init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set("x-forwarded-for", `10.${[0, 0, 0].map(() => randomBytes(1)[0]).join(".")}`);
  return { ...init, headers };
}

/** A client registered straight through the endpoint, as an app would on first run. */
export async function registerOAuthClient(
  app: Requester,
  metadata: { client_name?: string; redirect_uris: string[] },
) {
  const res = await app.request(
    "/oauth/register",
    fromSomeAddress({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(metadata),
    }),
  );
  if (res.status !== 201)
    throw new Error(`registration answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { client_id: string; client_name: string; redirect_uris: string[] };
}

/** POST /oauth/token with a form, as clients send it; answers status and JSON body. */
export async function tokenRequest(app: Requester, params: Record<string, string>) {
  const res = await app.request("/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
