import { eq, sql } from "drizzle-orm";
import type { ProfileSettings } from "../../shared/profile.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { profiles, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertShareable } from "../prompts/privacy-check.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import type { ProfileSettingsInput } from "./profile-input.ts";

/** The viewer's own public-profile settings (only ever their own). */
export async function getProfileSettings(options: {
  db: Database;
  viewer: Viewer | null;
}): Promise<ProfileSettings> {
  const viewer = requireViewer(options.viewer);
  const [row] = await options.db
    .select({
      isPublic: profiles.isPublic,
      handle: profiles.handle,
      displayName: profiles.displayName,
      showAvatar: profiles.showAvatar,
      avatarUrl: users.avatarUrl,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, viewer.userId));
  return {
    isPublic: row?.isPublic ?? false,
    handle: row?.handle ?? null,
    displayName: row?.displayName ?? null,
    showAvatar: row?.showAvatar ?? false,
    avatarUrl: row?.avatarUrl ?? null,
  };
}

/**
 * Saves the viewer's public-profile settings. A handle someone else holds, in any case, is
 * refused; the old handle is let go at once (its address then answers 404). A public profile's
 * display name and handle pass the privacy check first.
 */
export async function updateProfileSettings(
  options: { db: Database; viewer: Viewer | null } & ProfileSettingsInput,
): Promise<ProfileSettings> {
  const viewer = requireViewer(options.viewer);
  if (options.isPublic) {
    assertShareable(
      [{ displayName: options.displayName, handle: options.handle }],
      options.confirm,
    );
  }
  if (options.handle !== null) {
    const [holder] = await options.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(
        sql`lower(${profiles.handle}) = ${options.handle} and ${profiles.id} <> ${viewer.userId}`,
      );
    if (holder) throw handleTaken();
  }
  try {
    await options.db
      .update(profiles)
      .set({
        isPublic: options.isPublic,
        handle: options.handle,
        displayName: options.displayName,
        showAvatar: options.showAvatar,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, viewer.userId));
  } catch (error) {
    // Taken between the check and the write by someone saving at the same moment.
    if (isUniqueViolation(error)) throw handleTaken();
    throw error;
  }
  return getProfileSettings({ db: options.db, viewer });
}

function handleTaken() {
  return new AppError(
    "invalid_input",
    "This handle is taken: please choose another",
    "handle_taken",
  );
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = current.cause;
  }
  return false;
}
