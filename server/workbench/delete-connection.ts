import { eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import { modelConnections } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireConnection } from "./connection-access.ts";
import type { Workbench } from "./workbench.ts";

/** Deletes a connection and its sealed key (its owner, or a team's owners); runs made with it keep its name. */
export async function deleteConnection(options: {
  workbench: Workbench;
  viewer: Viewer | null;
  id: string;
}) {
  const viewer = requireViewer(options.viewer);
  const { db } = options.workbench;
  const row = await requireConnection(db, viewer, options.id, "manage");
  await db.delete(modelConnections).where(eq(modelConnections.id, row.id));
}
