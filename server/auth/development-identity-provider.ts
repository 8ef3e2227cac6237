import type { IncomingMessage, ServerResponse } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import type { KoaContextWithOIDC, default as Provider } from "oidc-provider";
import type { Logger } from "../logger.ts";
import { expiredPage, signInPage } from "./development-sign-in-page.ts";
import type { SignInSettings } from "./oidc-client.ts";
import { randomToken, sha256 } from "./tokens.ts";

export const developmentProviderPath = "/dev-idp";
const interactionPath = /^\/dev-idp\/interaction\/([\w-]+)$/;
const maxFormBytes = 4096;

type Accounts = Map<string, { email: string; name: string }>;

/**
 * A real OpenID provider, in this process, that signs in whoever types an email: what every
 * developer, test and newcomer signs in with when Google is not configured. The relying party
 * talks to it exactly as it talks to Google. Config refuses it unless the site is loopback-only.
 *
 * It is its own party, so it answers at the Node level, before the app's middleware.
 */
export function developmentIdentityProvider(settings: SignInSettings, log: Logger) {
  const accounts: Accounts = new Map();
  let provider: Promise<Provider> | undefined;
  const getProvider = () => {
    provider ??= createProvider(settings, accounts);
    return provider;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const idp = await getProvider();
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const interaction = interactionPath.exec(path);
    if (!interaction) {
      // The provider's protocol endpoints, mounted the way Express mounts a sub-app.
      const mounted = req as IncomingMessage & { originalUrl?: string };
      mounted.originalUrl = req.url;
      req.url = req.url?.slice(developmentProviderPath.length) || "/";
      await idp.callback()(req, res);
      return;
    }
    const uid = interaction[1] ?? "";
    await idp.interactionDetails(req, res);
    if (req.method === "GET") return sendPage(res, 200, signInPage(uid));
    if (req.method !== "POST") return sendPage(res, 405, "Method not allowed");

    const form = new URLSearchParams(await readBody(req));
    if (form.get("action") === "cancel") {
      const to = await idp.interactionResult(req, res, {
        error: "access_denied",
        error_description: "Sign-in was cancelled",
      });
      return redirect(res, to);
    }
    const email = (form.get("email") ?? "").trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      return sendPage(res, 400, signInPage(uid, "Enter an email address."));
    }
    // A name left empty is sent as none, as Google sends no name for an account without one: the
    // product's own rule then names the person from their email.
    const name = (form.get("name") ?? "").trim();
    const accountId = `dev-${sha256(email.toLowerCase()).slice(0, 24)}`;
    accounts.set(accountId, { email, name });
    redirect(res, await idp.interactionResult(req, res, { login: { accountId } }));
  }

  return {
    handles: (url: string | undefined) =>
      url === developmentProviderPath || Boolean(url?.startsWith(`${developmentProviderPath}/`)),
    handle(req: IncomingMessage, res: ServerResponse) {
      handle(req, res).catch((error: unknown) => {
        if (res.headersSent) return res.end();
        // The provider's own errors (an expired or finished sign-in) are the visitor's to retry.
        const status = (error as { statusCode?: number }).statusCode;
        if (status && status < 500) {
          return sendPage(res, status, expiredPage());
        }
        log.error({ err: error }, "development sign-in failed");
        sendPage(res, 500, "Development sign-in failed; see the server log.");
      });
    },
  };
}

export type DevelopmentIdentityProvider = ReturnType<typeof developmentIdentityProvider>;

function sendPage(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy":
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  });
  res.end(body);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location, "Cache-Control": "no-store" });
  res.end();
}

async function readBody(req: IncomingMessage) {
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > maxFormBytes) throw new Error("sign-in form too large");
  }
  return body;
}

/**
 * The provider's code (some 25 MB in memory) is loaded at the first sign-in, not at start. Its
 * grants and sessions live in memory, in the library's own store, asked for by name: a restart
 * only asks the person to sign in again (given by default, the library warns that it is).
 */
async function createProvider(settings: SignInSettings, accounts: Accounts) {
  const { default: Provider } = await import("oidc-provider");
  const { createMemoryAdapter } = await import("oidc-provider/lib/adapters/memory_adapter.js");
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: "development",
    alg: "RS256",
    use: "sig",
  };
  return new Provider(settings.issuer, {
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: [settings.redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    adapter: createMemoryAdapter(),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomToken()] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    // Put email and name into the ID token, as Google does.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) =>
        `${developmentProviderPath}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: KoaContextWithOIDC, accountId: string) {
      const account = accounts.get(accountId);
      if (!account) return undefined;
      return {
        accountId,
        claims: () => ({
          sub: accountId,
          email: account.email,
          email_verified: true,
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
    // Consent is implied: this provider exists only for the app beside it.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
}
