import type { AccessScope } from "../../shared/access-tokens.ts";
import type { SessionUser } from "../../shared/session-user.ts";

/** Who is asking: what every domain operation receives to decide what it may do. */
export interface Viewer {
  userId: string;
  email: string;
  name: string | null;
  avatarUrl: string | null;
  username: string | null;
  isAdmin: boolean;
  /**
   * Set when the request came with a personal access token rather than a browser session: what
   * the token may do (server/tokens/token-access.ts decides from it).
   */
  token?: {
    id: string;
    scope: AccessScope;
    /** Issued to an MCP client by OAuth: good for /mcp alone, the resource it was granted for. */
    mcpOnly: boolean;
  };
}

/** What the browser is told of the viewer: the one mapping, for the API and the pages alike. */
export function sessionUser(viewer: Viewer): SessionUser {
  return {
    id: viewer.userId,
    email: viewer.email,
    name: viewer.name,
    avatarUrl: viewer.avatarUrl,
    isAdmin: viewer.isAdmin,
  };
}

/**
 * Administrators are listed in ADMIN_EMAILS and checked at every request. Addresses are compared
 * exactly after lower-casing A to Z alone: full Unicode case folding would let a look-alike (the
 * Kelvin sign for K) match an administrator's address, and no space around it is ignored.
 */
export function isAdminEmail(adminEmails: ReadonlySet<string>, email: string) {
  return adminEmails.has(asciiLowerCase(email));
}

/** Lower-cases the letters A to Z and nothing else. */
export function asciiLowerCase(text: string) {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
