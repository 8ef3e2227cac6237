import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { ConnectionSecret } from "./connection-secret.ts";
import type { CallLimits } from "./model-client.ts";
import { createRunSlots, type RunSlots } from "./run-slots.ts";

/** What the workbench's operations share: made once per app. */
export interface Workbench {
  db: Database;
  secret: ConnectionSecret;
  limits: CallLimits;
  runsKeptPerPrompt: number;
  slots: RunSlots;
}

export function createWorkbench(options: {
  db: Database;
  config: Config;
  secret: ConnectionSecret;
}): Workbench {
  const settings = options.config.workbench;
  return {
    db: options.db,
    secret: options.secret,
    limits: {
      privateAddresses: settings.privateAddresses,
      responseLimit: settings.responseLimit,
      timeoutMs: settings.runTimeoutMs,
    },
    runsKeptPerPrompt: settings.runsKeptPerPrompt,
    slots: createRunSlots(settings.runsPerPerson),
  };
}
