/**
 * Public profiles: off until their person turns them on in Settings. A handle is the profile's
 * address, `/u/<handle>`: 3 to 30 of a-z, 0-9, "_" and "-", unique whatever the case, never one
 * of the words the site's own addresses or staff could be mistaken for.
 */
export const handleMinLength = 3;
export const handleMaxLength = 30;
export const handlePattern = /^[a-z0-9_-]+$/;
export const displayNameMaxLength = 50;

/** Words no one may take as a handle: the site's own paths, and names that would mislead. */
export const reservedHandles: ReadonlySet<string> = new Set([
  "admin",
  "administrator",
  "api",
  "app",
  "auth",
  "c",
  "collections",
  "community",
  "dashboard",
  "favourites",
  "help",
  "login",
  "logout",
  "mcp",
  "me",
  "moderator",
  "official",
  "p",
  "promptshelf",
  "prompts",
  "root",
  "settings",
  "signin",
  "signup",
  "staff",
  "support",
  "system",
  "u",
]);

/** What the person chose for their public profile, as Settings shows and saves it. */
export interface ProfileSettings {
  isPublic: boolean;
  handle: string | null;
  displayName: string | null;
  showAvatar: boolean;
  /** The picture the identity provider gave, shown only when `showAvatar` is on. */
  avatarUrl: string | null;
}

/** A public profile's address. */
export function profilePath(handle: string) {
  return `/u/${handle}`;
}

/** Shared prompts per page of a public profile (`?page=2`...). */
export const profilePromptsPerPage = 24;
