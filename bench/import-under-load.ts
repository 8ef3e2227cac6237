/**
 * What a largest-allowed import, and a crafted one, cost everyone else on the embedded database.
 * Starts the production build on PGlite (a fresh DATA_DIR), signs two people in, and has one of
 * them read their prompt list back to back (each read a new address, so it is never answered
 * from memory) and /healthz beside it, while the other imports: a CSV file of
 * IMPORT_PROMPT_LIMIT prompts and IMPORT_LIMIT bytes made from seed/prompts.csv, then each file
 * of an attack that once froze the server (a field of one character repeated, or a delimiter
 * repeated, which made a parser quadratic), at the attack's size and at 1 MB, as a dry run.
 * Prints the reader's latency alone and during each import, and the imports' own times. Target:
 * every read answers within 250 ms while any import runs.
 *
 *   npm run build && tsx bench/import-under-load.ts [--seconds 10]
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parse } from "csv-parse/sync";
import { parseConfig } from "../server/config.ts";
import { csvRow } from "../server/library-data/csv.ts";
import { projectRoot } from "../server/project-root.ts";
import { startServer } from "../tests/support/start-server.ts";
import { ms, percentile, signInOverHttp } from "./support/http-session.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "10" } } });
const defaults = parseConfig({});
const server = await startServer({ LOG_LEVEL: "error" });
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
  const largest = await whileImporting(reader, importer, file.text, "", false);

  const row = (phase: string, latencies: number[]) =>
    `| ${phase} | ${latencies.length} | ${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.99))} | ${ms(Math.max(...latencies))} |`;
  const lines = [
    `PGlite · production build · ${new Date().toISOString()}`,
    "",
    `The import: ${file.rows.toLocaleString("en-US")} prompts, ${(file.text.length / 1_048_576).toFixed(1)} MB of CSV; ` +
      `answered ${largest.status} in ${largest.seconds.toFixed(1)} s (${largest.text.slice(0, 120)})`,
    "",
    "Another person reading GET /api/v1/prompts back to back, never from memory, and GET /healthz beside it (ms):",
    "",
    "| phase | reads | p50 | p99 | longest |",
    "| --- | ---: | ---: | ---: | ---: |",
    row("list, alone", alone.list),
    row("/healthz, alone", alone.health),
    row("list, while the import runs", largest.reads.list),
    row("/healthz, while the import runs", largest.reads.health),
    "",
    "Crafted imports (dry runs; each answered as its status says), and the other person's longest wait meanwhile:",
    "",
    "| file | size | answered | import took | list reads | longest list | longest /healthz |",
    "| --- | ---: | --- | ---: | ---: | ---: | ---: |",
  ];
  for (const attack of craftedImports()) {
    const run = await whileImporting(reader, importer, attack.body, attack.name, true);
    lines.push(
      `| ${attack.label} | ${(attack.body.length / 1024).toFixed(0)} KB | ${run.status} | ${ms(run.seconds * 1000)} | ${run.reads.list.length} | ${ms(Math.max(...run.reads.list))} | ${ms(Math.max(...run.reads.health))} |`,
    );
  }
  console.log(lines.join("\n"));
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

/** One import, and the other person's reads while it runs; a refused import is an answer too. */
async function whileImporting(
  reader: string,
  importer: string,
  body: string,
  name: string,
  dryRun: boolean,
) {
  let importing = true;
  const started = performance.now();
  const query = new URLSearchParams({ name, ...(dryRun ? { dryRun: "1" } : {}) });
  const imported = fetch(`${origin}/api/v1/import?${query}`, {
    method: "POST",
    headers: { cookie: importer, origin, "content-type": "text/plain" },
    body,
  })
    .then(async (res) => ({ status: res.status, text: await res.text() }))
    .finally(() => {
      importing = false;
    });
  const reads = await readFor(reader, () => importing, Number.POSITIVE_INFINITY);
  const result = await imported;
  return { ...result, seconds: (performance.now() - started) / 1000, reads };
}

/**
 * Reads one after another while `more()` holds (and for at least `seconds`): the person's list
 * and, beside it, /healthz.
 */
async function readFor(cookie: string, more: () => boolean, seconds: number) {
  const until = performance.now() + seconds * 1000;
  const going = () => more() || (Number.isFinite(seconds) && performance.now() < until);
  const timed = async (path: string, headers: Record<string, string>) => {
    const latencies: number[] = [];
    for (let i = 0; going() || latencies.length === 0; i++) {
      const started = performance.now();
      const res = await fetch(
        `${origin}${path}${path.includes("?") ? `&read=${i}-${Math.random()}` : ""}`,
        {
          headers,
        },
      );
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`the reader got ${res.status} from ${path}`);
      latencies.push(performance.now() - started);
    }
    return latencies;
  };
  const [list, health] = await Promise.all([
    timed("/api/v1/prompts?scope=personal", { cookie }),
    timed("/healthz", {}),
  ]);
  return { list, health };
}

/** The files of the attack on the importers (issue 39), at their size and at 1 MB. */
function craftedImports() {
  const sized = (size: number, unit: string, open = "", close = "") =>
    `${open}${unit.repeat(Math.floor((size - open.length - close.length) / unit.length))}${close}`;
  const files = (size: number, label: string) => [
    {
      label: `.prompt.md, description a + spaces + b (${label})`,
      name: "x.prompt.md",
      body: `---\ndescription: ${sized(size, " ", "a", "b")}\n---\nx\n`,
    },
    {
      label: `Open WebUI, {{a + colons + number}} (${label})`,
      name: "x.json",
      body: JSON.stringify([{ command: "/x", content: sized(size, ":", "{{a", "number}}") }]),
    },
    {
      label: `Raycast, {argument + a's} (${label})`,
      name: "x.json",
      body: JSON.stringify([{ title: "x", prompt: sized(size, "a", "{argument ", "}") }]),
    },
    {
      label: `LibreChat, {{ repeated (${label})`,
      name: "x.json",
      body: JSON.stringify([{ name: "x", productionPrompt: { prompt: sized(size, "{{") } }]),
    },
    {
      label: `Copilot, \${input:a: repeated (${label})`,
      name: "x.prompt.md",
      body: sized(size, "${input:a:"),
    },
  ];
  return [
    ...files(200_000, "as attacked").slice(0, 1),
    ...files(50_000, "as attacked").slice(1, 2),
    ...files(100_000, "as attacked").slice(2, 3),
    ...files(100_000, "as attacked").slice(3, 4),
    ...files(60_000, "as attacked").slice(4, 5),
    ...files(1_000_000, "1 MB"),
  ];
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
