/** Who is asking: what every domain operation receives to decide what it may do. */
export interface Viewer {
  userId: string;
  email: string;
  name: string | null;
  avatarUrl: string | null;
  username: string | null;
  isAdmin: boolean;
}

/** Administrators are listed in ADMIN_EMAILS, compared case-insensitively and exactly, per request. */
export function isAdminEmail(adminEmails: ReadonlySet<string>, email: string) {
  return adminEmails.has(email.trim().toLowerCase());
}
