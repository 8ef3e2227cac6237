import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { type ConnectionView, connectionsPerPerson } from "../../shared/workbench.ts";
import type { Viewer } from "../auth/viewer.ts";
import { modelConnections } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireTeamRole } from "../teams/team-access.ts";
import { assertCallableAddress, type newConnectionInput } from "./connection-input.ts";
import { connectionView } from "./connection-view.ts";
import type { Workbench } from "./workbench.ts";

/**
 * Adds a connection for the viewer, or (with `teamId`, for its owners) for a team, whose
 * members then run with it; its key, if given, is kept only sealed. Each keeps at most
 * connectionsPerPerson.
 */
export async function createConnection(options: {
  workbench: Workbench;
  viewer: Viewer | null;
  input: z.infer<typeof newConnectionInput>;
}): Promise<ConnectionView> {
  const viewer = requireViewer(options.viewer);
  const { db, secret, limits } = options.workbench;
  const { input } = options;
  const team = input.teamId
    ? { id: input.teamId, ...(await requireTeamRole(db, viewer, input.teamId, "owner")) }
    : null;
  assertCallableAddress(input.baseUrl, limits.privateAddresses);
  const [held] = await db
    .select({ n: count() })
    .from(modelConnections)
    .where(
      team ? eq(modelConnections.teamId, team.id) : eq(modelConnections.userId, viewer.userId),
    );
  if ((held?.n ?? 0) >= connectionsPerPerson) {
    throw new AppError(
      "payload_too_large",
      `${team ? "A team" : "You"} can keep at most ${connectionsPerPerson} connections. Delete one to add another.`,
      "connection_limit",
    );
  }
  const [row] = await db
    .insert(modelConnections)
    .values({
      userId: team ? null : viewer.userId,
      teamId: team?.id ?? null,
      name: input.name,
      kind: input.kind,
      baseUrl: input.baseUrl,
      defaultModel: input.defaultModel ?? null,
      sealedKey: input.apiKey ? secret.seal(input.apiKey) : null,
      keySecretId: input.apiKey ? secret.id : null,
    })
    .returning();
  if (!row) throw new Error("no connection created");
  return connectionView(
    { ...row, teamName: team?.name ?? null, teamRole: team?.role ?? null },
    secret,
    viewer,
  );
}
