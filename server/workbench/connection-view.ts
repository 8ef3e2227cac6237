import type { ConnectionKind, ConnectionView } from "../../shared/workbench.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { type ConnectionRow, type HeldConnection, mayManage } from "./connection-access.ts";
import type { ConnectionSecret } from "./connection-secret.ts";
import type { OpenConnection } from "./model-client.ts";

/** A connection as every answer shows it: never its key, only whether it has one that opens. */
export function connectionView(
  row: HeldConnection,
  secret: ConnectionSecret,
  viewer: Viewer,
): ConnectionView {
  const sealed = row.sealedKey !== null;
  const opens = sealed && row.keySecretId === secret.id;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ConnectionKind,
    baseUrl: row.baseUrl,
    hasKey: opens,
    keyNeedsEntering: sealed && !opens,
    defaultModel: row.defaultModel,
    team: row.teamId === null ? null : { id: row.teamId, name: row.teamName ?? "" },
    canManage: mayManage(row, viewer),
  };
}

/** The connection with its key opened, for one call; refused when its key cannot be opened. */
export function openConnection(row: ConnectionRow, secret: ConnectionSecret): OpenConnection {
  const apiKey = row.sealedKey === null ? null : secret.open(row.sealedKey, row.keySecretId ?? "");
  if (row.sealedKey !== null && apiKey === null) {
    throw new AppError(
      "invalid_input",
      `The API key of “${row.name}” was kept under another CONNECTION_SECRET (a restored backup): enter it again.`,
      "connection_key_needed",
    );
  }
  return { kind: row.kind as ConnectionKind, baseUrl: row.baseUrl, apiKey };
}
