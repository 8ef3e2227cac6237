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
  return user.name || user.email.split("@")[0] || user.email;
}
