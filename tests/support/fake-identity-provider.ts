import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

export interface TokenScenario {
  /** Sign with a key the provider does not publish (same key id). */
  foreignKey?: boolean;
  /** Claims to override or add; undefined removes a claim. */
  claims?: Record<string, unknown>;
  /** Send the browser back with this state instead of the one it was given. */
  state?: string;
}

/**
 * A minimal OpenID provider for tests: discovery, keys, an authorize endpoint that answers at
 * once, and a token endpoint that checks PKCE and returns an ID token shaped by the scenario.
 */
export async function startFakeIdentityProvider(clientId: string) {
  const published = await generateKeyPair("RS256", { extractable: true });
  const foreign = await generateKeyPair("RS256");
  const publicJwk = {
    ...(await exportJWK(published.publicKey)),
    kid: "k1",
    alg: "RS256",
    use: "sig",
  };
  const codes = new Map<string, { nonce: string; challenge: string }>();
  let scenario: TokenScenario = {};
  let issuer = "";

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [publicJwk] });
    if (url.pathname === "/authorize") {
      const code = randomBytes(16).toString("hex");
      codes.set(code, {
        nonce: url.searchParams.get("nonce") ?? "",
        challenge: url.searchParams.get("code_challenge") ?? "",
      });
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", scenario.state ?? url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (!grant || challenge !== grant.challenge) return json(400, { error: "invalid_grant" });
      const now = Math.floor(Date.now() / 1000);
      const claims: JWTPayload = {
        iss: issuer,
        aud: clientId,
        sub: "subject-1",
        email: "fake@example.com",
        email_verified: true,
        name: "Fake Person",
        nonce: grant.nonce,
        iat: now,
        exp: now + 600,
      };
      for (const [key, value] of Object.entries(scenario.claims ?? {})) {
        if (value === undefined) delete claims[key];
        else claims[key] = value;
      }
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .sign(scenario.foreignKey ? foreign.privateKey : published.privateKey);
      return json(200, {
        access_token: "at",
        token_type: "Bearer",
        expires_in: 600,
        id_token: idToken,
      });
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  issuer = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  return {
    issuer,
    /** The scenario for the next sign-in. */
    use(next: TokenScenario) {
      scenario = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
