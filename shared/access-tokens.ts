/** What a personal access token may do: read the library, or read and change it. */
export const accessScopes = ["read", "write"] as const;
export type AccessScope = (typeof accessScopes)[number];

/** A stored scope as what it allows: anything but "write" reads only. */
export function accessScopeOf(value: string): AccessScope {
  return value === "write" ? "write" : "read";
}

/** Every token starts so, which lets secret scanners (and people) tell one on sight. */
export const accessTokenPrefix = "ps_";

export const tokenNameMaxLength = 100;
/** Expiry choices offered, in days; null never expires. */
export const tokenExpiryDays = [7, 30, 90, 365, null] as const;
export const tokenMaxExpiryDays = 365;

/** A token as its owner sees it in the list: never the token itself, which is shown once. */
export interface AccessTokenInfo {
  id: string;
  name: string;
  scope: AccessScope;
  admin: boolean;
  /** Set for a token an MCP client obtained by OAuth: the client's name. */
  client: string | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}
