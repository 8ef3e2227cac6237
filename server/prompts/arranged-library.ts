import type { SQL } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { assertCanChange, assertOwn, inTeam, ownedBy, promptOwnership } from "./prompt-access.ts";

/**
 * The library a prompt's pin and place in the manual order belong to, for someone who may change
 * them: a person's own prompt is arranged in their library, by them alone; a team's prompt in
 * the team's library, by its editors and owners. Answers the rows of that library, for the
 * neighbours and pins a change is measured against. A prompt one cannot see is not found.
 */
export async function arrangedLibrary(db: Database, viewer: Viewer, id: string): Promise<SQL> {
  const standing = await promptOwnership(db, id, viewer);
  if (standing?.teamId) {
    assertCanChange(standing, viewer);
    return inTeam(viewer, standing.teamId);
  }
  assertOwn(standing, viewer);
  return ownedBy(viewer);
}
