import { type DatabaseHandle, openDatabase } from "../../server/db/client.ts";
import type { RunningServer } from "../../tests/support/start-server.ts";
import { benchDatabase } from "./bench-database.ts";
import type { BenchOptions, BenchTarget } from "./bench-options.ts";
import { targetLabel, type VersionsRun, type VersionsTargetRun } from "./bench-results.ts";
import { benchServerEnv, withServer } from "./bench-server.ts";
import { removeRunLeftovers, writerCookie } from "./bench-sessions.ts";
import { samplePrompts } from "./sample-prompts.ts";
import { query } from "./seed-library.ts";
import { versionClient } from "./version-client.ts";
import { createEditedPrompts, type EditedPrompt, editInTurn, warmUp } from "./version-edits.ts";
import { readHistory } from "./version-reads.ts";
import { latencySummary, phaseName, storageSummary } from "./versions-report.ts";

/**
 * Versions a history keeps, the current one counted: the 1,000, given to the server as
 * VERSION_LIMIT so the read history is that long whatever the default becomes.
 */
const keptVersions = 1000;
/** Prompts edited in turn, the last one shared. */
const editedPrompts = 4;
/** Rounds of edits in the first and the last phase: 320 edits each, 80 of them the shared one's. */
const measuredRounds = 80;

/**
 * The version history on its own server: bench user 1 edits their prompts in turn from the first
 * edit until each keeps 1,000 versions, then on at that limit; then opens one prompt's history.
 * The growth of prompt_versions while the histories fill gives the storage per version.
 */
export async function measureVersions(
  target: BenchTarget,
  location: string,
  log: (line: string) => void,
): Promise<VersionsRun> {
  // The storage is read from the database while the server has it open: PostgreSQL only.
  if (target.driver !== "postgres") throw new Error("the version history runs on PostgreSQL");
  const env = { ...benchServerEnv(target, location), VERSION_LIMIT: String(keptVersions) };
  return withServer(env, async (server) => {
    const handle = await openDatabase({ driver: "postgres", url: location });
    try {
      return await measure(server, handle, log);
    } finally {
      await handle.close();
    }
  });
}

async function measure(
  server: RunningServer,
  handle: DatabaseHandle,
  log: (line: string) => void,
): Promise<VersionsRun> {
  const client = versionClient(server, await writerCookie(handle));
  const texts = samplePrompts().map((sample) => sample.prompt);
  // An earlier run's versions were deleted with its prompts; rewriting the table first makes
  // its growth over this run what this run wrote, not space those rows left free.
  await query(handle, "VACUUM FULL prompt_versions");
  const bytesBefore = await versionsBytes(handle);

  log(`  version history: ${editedPrompts} prompts of bench user 1 (the last one shared):`);
  const prompts = await createEditedPrompts(client, texts, editedPrompts);
  await warmUp(client, prompts, texts, 5);
  const edit = async (name: string, toVersion: number) => {
    const phase = await editInTurn(client, prompts, texts, { name, toVersion });
    log(
      `    PATCH, ${phaseName(phase)}: ${latencySummary(phase.all)}; ` +
        `the shared prompt's ${latencySummary(phase.shared)}`,
    );
    return phase;
  };
  const first = await edit("the first edits", 1 + measuredRounds);
  const growing = await edit("while the history grows", keptVersions);
  const storage = await storageOf(handle, prompts, bytesBefore);
  log(`    ${storageSummary(storage)}`);
  const full = await edit(
    "at the limit, each edit merging the oldest away",
    keptVersions + measuredRounds,
  );

  const history = await readHistory(client, (prompts[0] as EditedPrompt).id);
  if (history.historyVersions !== keptVersions) {
    throw new Error(`the history lists ${history.historyVersions} versions, not ${keptVersions}`);
  }
  for (const read of history.reads) {
    log(`    GET ${read.name}: ${latencySummary(read.latency)}, ${read.jsonBytes} bytes of JSON`);
  }
  return { editedPrompts, keptVersions, edits: [first, growing, full], ...history, storage };
}

/** The version history alone (--only versions): the library prepared, measured, tidied. */
export async function measureVersionsAlone(
  target: BenchTarget,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<VersionsTargetRun> {
  const label = targetLabel(target);
  log(`\n== ${label} prompts`);
  const { handle, target: location } = await benchDatabase({
    count: target.count,
    postgresUrl: options.postgresUrl,
    log,
  });
  await handle.close();
  try {
    return { ...target, label, versions: await measureVersions(target, location, log) };
  } finally {
    await removeRunLeftovers(target, location);
  }
}

/** prompt_versions' size on disk: the table, its TOAST and its indexes. */
async function versionsBytes(handle: DatabaseHandle) {
  const [row] = await query<{ bytes: string }>(
    handle,
    "SELECT pg_total_relation_size('prompt_versions') AS bytes",
  );
  return Number(row?.bytes);
}

async function storageOf(handle: DatabaseHandle, prompts: EditedPrompt[], bytesBefore: number) {
  const [row] = await query<{ versions: string; text_bytes: string }>(
    handle,
    `SELECT count(*) AS versions, sum(octet_length(prompt_text)) AS text_bytes
     FROM prompt_versions WHERE prompt_id = ANY($1::uuid[])`,
    [prompts.map((prompt) => prompt.id)],
  );
  const versionsWritten = Number(row?.versions);
  return {
    versionsWritten,
    bytesGrown: (await versionsBytes(handle)) - bytesBefore,
    textBytesPerVersion: Number(row?.text_bytes) / versionsWritten,
  };
}
