import { asc } from "drizzle-orm";
import type { ConnectionView } from "../../shared/workbench.ts";
import type { Viewer } from "../auth/viewer.ts";
import { modelConnections } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { connectionsOf } from "./connection-access.ts";
import { connectionView } from "./connection-view.ts";
import type { Workbench } from "./workbench.ts";

/** The viewer's connections, oldest first (at most connectionsPerPerson). */
export async function listConnections(options: {
  workbench: Workbench;
  viewer: Viewer | null;
}): Promise<ConnectionView[]> {
  const viewer = requireViewer(options.viewer);
  const { db, secret } = options.workbench;
  const rows = await db
    .select()
    .from(modelConnections)
    .where(connectionsOf(viewer))
    .orderBy(asc(modelConnections.createdAt), asc(modelConnections.id));
  return rows.map((row) => connectionView(row, secret));
}
