import * as oidc from "openid-client";
import type { Config } from "../config.ts";

export type SignInSettings = Config["signIn"];

export interface Identity {
  issuer: string;
  subject: string;
  email: string;
  name: string | null;
  avatarUrl: string | null;
}

export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A sign-in that must not create a session; providerMessage is safe to show to the person. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly providerMessage?: string,
  ) {
    super(message);
  }
}

/**
 * The relying party: authorization code flow with PKCE (S256), state and nonce, and the ID
 * token's signature checked against the issuer's published keys.
 */
export function createOidcClient(settings: SignInSettings) {
  let configuration: Promise<oidc.Configuration> | undefined;

  function discover() {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { redirect_uris: [settings.redirectUri], response_types: ["code"] },
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          execute: [
            oidc.enableNonRepudiationChecks,
            ...(settings.allowHttp ? [oidc.allowInsecureRequests] : []),
          ],
          timeout: 10,
        },
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  async function start(): Promise<{ url: URL; pending: PendingSignIn }> {
    const config = await discover();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state: pending.state,
      nonce: pending.nonce,
      // Google shows its account chooser, and the development provider its form, every time: after
      // logging out, a person can sign in as someone else without clearing cookies.
      prompt: settings.provider === "google" ? "select_account" : "login",
    });
    return { url, pending };
  }

  /** Exchanges the code and returns the verified identity, or throws SignInError. */
  async function finish(callbackSearch: string, pending: PendingSignIn): Promise<Identity> {
    const config = await discover();
    const currentUrl = new URL(settings.redirectUri);
    currentUrl.search = callbackSearch;
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      if (error instanceof oidc.AuthorizationResponseError) {
        throw new SignInError(`provider refused: ${error.error}`, error.error_description);
      }
      throw new SignInError(`token exchange failed: ${(error as Error).message}`);
    }
    if (!claims) throw new SignInError("no ID token");
    if (claims.email_verified !== true || typeof claims.email !== "string") {
      throw new SignInError("the provider did not vouch for an email address");
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: claims.email,
      name: typeof claims.name === "string" ? claims.name : null,
      avatarUrl: typeof claims.picture === "string" ? claims.picture : null,
    };
  }

  return { start, finish };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
