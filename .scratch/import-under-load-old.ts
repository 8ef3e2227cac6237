/**
 * What a largest-allowed import costs everyone else on the embedded database. Starts the
 * production build on PGlite (a fresh DATA_DIR), signs two people in, and has one of them read
 * their prompt list back to back (each read a new address, so it is never answered from memory)
 * while the other imports a CSV file of IMPORT_PROMPT_LIMIT prompts and IMPORT_LIMIT bytes made
 * from seed/prompts.csv. Prints the reader's latency alone and during the import, and the
 * import's own time.
 *
 *   npm run build && tsx bench/import-under-load.ts [--seconds 10]
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parse } from "csv-parse/sync";
import { ms, percentile, signInOverHttp } from "../bench/support/http-session.ts";
import { parseConfig } from "../server/config.ts";
import { csvRow } from "../server/library-data/csv.ts";
import { projectRoot } from "../server/project-root.ts";
import { startServer } from "../tests/support/start-server.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "10" } } });
const defaults = parseConfig({});
const server = await startServer({ LOG_LEVEL: "error" }, "/tmp/old");
const origin = server.url;

try {
  const reader = await signInOverHttp(origin, "reader@example.com", "Reader");
  const importer = await signInOverHttp(origin, "importer@example.com", "Importer");
  for (let i = 0; i < 24; i++) {
    await send(reader, "POST", "/api/v1/prompts", {
      json: { promptText: `Reader's prompt ${i}`, useCase: "bench", shared: false },
    });
  }
  const file = await largestImport(defaults.limits.promptsPerImport, defaults.importLimit);

  await readFor(reader, () => false, 2); // warm-up
  const alone = await readFor(reader, () => false, Number(values.seconds));
  let importing = true;
  const started = performance.now();
  const imported = send(importer, "POST", "/api/v1/import", { body: file.text }).finally(() => {
    importing = false;
  });
  const during = await readFor(reader, () => importing, Number.POSITIVE_INFINITY);
  const result = await imported;
  const seconds = (performance.now() - started) / 1000;

  const row = (phase: string, latencies: number[]) =>
    `| ${phase} | ${latencies.length} | ${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.99))} | ${ms(Math.max(...latencies))} |`;
  console.log(
    [
      `PGlite · production build · ${new Date().toISOString()}`,
      "",
      `The import: ${file.rows.toLocaleString("en-US")} prompts, ${(file.text.length / 1_048_576).toFixed(1)} MB of CSV; ` +
        `answered ${result.status} in ${seconds.toFixed(1)} s (${result.text.slice(0, 120)})`,
      "",
      "Another person reading GET /api/v1/prompts back to back, never from memory (ms):",
      "",
      "| phase | reads | p50 | p99 | longest |",
      "| --- | ---: | ---: | ---: | ---: |",
      row("alone", alone),
      row("while the import runs", during),
    ].join("\n"),
  );
} finally {
  await server.stop();
}

async function send(
  cookie: string,
  method: string,
  path: string,
  body: { json?: unknown; body?: string } = {},
) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      cookie,
      origin,
      "content-type": body.json === undefined ? "text/plain" : "application/json",
    },
    body: body.json === undefined ? body.body : JSON.stringify(body.json),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return { status: res.status, text };
}

/** Reads one after another while `more()` holds (and for at least `seconds`). */
async function readFor(cookie: string, more: () => boolean, seconds: number) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; more() || (Number.isFinite(seconds) && performance.now() < until); i++) {
    const started = performance.now();
    const res = await fetch(`${origin}/api/v1/prompts?scope=personal&read=${i}-${Math.random()}`, {
      headers: { cookie },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`the reader got ${res.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/**
 * A CSV of our own format with as many prompts as one import takes and as many bytes as it
 * allows: the real prompts, again and again, each made unique, spread over folders and tags.
 */
async function largestImport(rows: number, bytes: number) {
  const real = parse(await readFile(join(projectRoot, "seed/prompts.csv"), "utf8"), {
    columns: true,
  }) as { act: string; prompt: string }[];
  const header = csvRow(["act", "prompt", "category", "tags", "folder", "created_at"]);
  const perRow = Math.floor((bytes - header.length) / rows) - 120;
  let text = header;
  for (let i = 0; i < rows; i++) {
    const sample = real[i % real.length] ?? { act: "", prompt: "" };
    const body = `(copy ${i}) ${sample.prompt}`.padEnd(perRow, " .").slice(0, perRow);
    text += csvRow([
      sample.act,
      body,
      sample.act.slice(0, 35),
      `bench; topic ${i % 40}`,
      `Imported / Part ${i % 25}`,
      "",
    ]);
  }
  return { text, rows };
}
