import type { AccessScope } from "../../shared/access-tokens.ts";

/** What an MCP client may ask for by OAuth: to read the library, or to read and change it. */
export const oauthScopes = ["prompts:read", "prompts:write"] as const;

/**
 * The access a space-separated scope asks for: write when it names prompts:write, read otherwise
 * (also when it names nothing). Null when it names anything we do not offer.
 */
export function accessForScope(scope: string | null | undefined): AccessScope | null {
  const names = (scope ?? "").split(" ").filter(Boolean);
  if (names.some((name) => !(oauthScopes as readonly string[]).includes(name))) return null;
  return names.includes("prompts:write") ? "write" : "read";
}

/** The scope a grant of this access is reported with: writing includes reading. */
export function scopeForAccess(access: AccessScope) {
  return access === "write" ? "prompts:read prompts:write" : "prompts:read";
}
