/**
 * The signed-in person as the browser sees them: GET /api/v1/session and the library layout
 * both send it, made by `sessionUser` (server/auth/viewer.ts).
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
}

export function displayName(user: Pick<SessionUser, "name" | "email">) {
  return user.name || nameFromEmail(user.email) || user.email;
}

/**
 * A person without a name, named from their email as the spec says: the part before the @,
 * split on dots, each part capitalised ("carol.de.vries@…" is "Carol De Vries"); empty when the
 * email has no such part.
 */
export function nameFromEmail(email: string | null) {
  const local = email?.includes("@") ? email.split("@")[0] : "";
  return (local ?? "")
    .split(".")
    .filter((part) => part !== "")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(" ");
}
