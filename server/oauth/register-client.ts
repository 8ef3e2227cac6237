import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { oauthClients } from "../db/schema.ts";
import { storableText } from "../validation.ts";
import { OAuthError } from "./oauth-error.ts";
import { redirectUriProblem, redirectUrisMax } from "./redirect-uris.ts";

export const clientNameMaxLength = 100;
const unnamed = "Unnamed MCP client";

/** Characters that could make a name read other than it is: controls and bidirectional overrides. */
const deceptive = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

const registration = z.object({
  redirect_uris: z
    .array(storableText(), "redirect_uris must be a list of URIs")
    .min(1, "At least one redirect URI is needed")
    .max(redirectUrisMax, `At most ${redirectUrisMax} redirect URIs`),
  client_name: storableText()
    .trim()
    .max(clientNameMaxLength, `client_name is at most ${clientNameMaxLength} characters`)
    .refine((name) => !deceptive.test(name), "client_name has control characters")
    .optional(),
});

/**
 * RFC 7591 dynamic client registration, for public clients only: whatever authentication method,
 * grant or response types a client asks for, it is registered as a public client of the
 * authorization code flow (RFC 7591 §3.2.1 lets the server replace requested values), and the
 * answer says so. The name is the client's own claim; the consent page shows it with the host
 * the person is sent back to.
 */
export async function registerClient(options: { db: Database; body: unknown }) {
  const parsed = registration.safeParse(options.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const code =
      issue?.path[0] === "redirect_uris" ? "invalid_redirect_uri" : "invalid_client_metadata";
    throw new OAuthError(code, issue?.message ?? "Invalid client metadata");
  }
  const { redirect_uris: redirectUris } = parsed.data;
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError("invalid_redirect_uri", problem);
  }
  const name = parsed.data.client_name || unnamed;
  const [client] = await options.db
    .insert(oauthClients)
    .values({ id: randomUUID(), name, redirectUris })
    .returning();
  if (!client) throw new Error("client insert returned nothing");
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}
