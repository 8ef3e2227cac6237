import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ConnectionView } from "../../shared/workbench.ts";
import type { Viewer } from "../auth/viewer.ts";
import { modelConnections } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireConnection } from "./connection-access.ts";
import { assertCallableAddress, type connectionChangeInput } from "./connection-input.ts";
import { connectionView } from "./connection-view.ts";
import type { Workbench } from "./workbench.ts";

/**
 * Changes a connection. A new key replaces the old one; null removes it. A new address keeps
 * the key only when the key is given again: a key is never sent to an address it was not
 * entered for.
 */
export async function updateConnection(options: {
  workbench: Workbench;
  viewer: Viewer | null;
  id: string;
  input: z.infer<typeof connectionChangeInput>;
}): Promise<ConnectionView> {
  const viewer = requireViewer(options.viewer);
  const { db, secret, limits } = options.workbench;
  const { input } = options;
  const row = await requireConnection(db, viewer, options.id, "manage");
  if (input.baseUrl !== undefined) assertCallableAddress(input.baseUrl, limits.privateAddresses);
  const movesAway = input.baseUrl !== undefined && input.baseUrl !== row.baseUrl;
  const key =
    input.apiKey === undefined
      ? movesAway
        ? { sealedKey: null, keySecretId: null }
        : {}
      : input.apiKey === null
        ? { sealedKey: null, keySecretId: null }
        : { sealedKey: secret.seal(input.apiKey), keySecretId: secret.id };
  const [changed] = await db
    .update(modelConnections)
    .set({
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.kind === undefined ? {} : { kind: input.kind }),
      ...(input.baseUrl === undefined ? {} : { baseUrl: input.baseUrl }),
      ...(input.defaultModel === undefined ? {} : { defaultModel: input.defaultModel }),
      ...key,
      updatedAt: sql`now()`,
    })
    .where(eq(modelConnections.id, row.id))
    .returning();
  if (!changed) throw new Error("connection vanished");
  return connectionView({ ...row, ...changed }, secret, viewer);
}
