import type { ConnectionView } from "../../shared/workbench.ts";
import type { Viewer } from "../auth/viewer.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { listHeldConnections } from "./connection-access.ts";
import { connectionView } from "./connection-view.ts";
import type { Workbench } from "./workbench.ts";

/**
 * The connections the viewer may run with: their own (at most connectionsPerPerson), then their
 * teams' (as many each), oldest first.
 */
export async function listConnections(options: {
  workbench: Workbench;
  viewer: Viewer | null;
}): Promise<ConnectionView[]> {
  const viewer = requireViewer(options.viewer);
  const { db, secret } = options.workbench;
  const rows = await listHeldConnections(db, viewer);
  return rows.map((row) => connectionView(row, secret, viewer));
}
