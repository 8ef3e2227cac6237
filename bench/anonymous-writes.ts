/**
 * What a flood of signed-out writes costs a signed-in person. Starts the production build on
 * the embedded database (a fresh DATA_DIR), signs one person in through the development
 * provider, and has them read their prompt list back to back: first alone, then while about
 * 500 anonymous writes a second (API posts and page form posts, half each) arrive. Every other
 * read carries a new query parameter, so it misses the signed-in answers kept in memory and
 * reaches the database. Prints the reader's p50 and p99 in each phase, for both kinds of read.
 *
 *   npm run build && tsx bench/anonymous-writes.ts [--root DIR] [--rate 500] [--seconds 20]
 *
 * --root runs the build in another checkout (to compare two versions); the default is this one.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "../server/project-root.ts";
import { startServer } from "../tests/support/start-server.ts";
import { ms, percentile, signInOverHttp } from "./support/http-session.ts";

const { values } = parseArgs({
  options: {
    root: { type: "string", default: projectRoot },
    rate: { type: "string", default: "500" },
    seconds: { type: "string", default: "20" },
  },
});
const root = resolve(values.root);
const rate = Number(values.rate);
const seconds = Number(values.seconds);

// The limits as configured by default: the flood meets them as it would in production.
const server = await startServer(
  { LOG_LEVEL: "error", RATE_LIMIT_SIGN_IN: "20", RATE_LIMIT_WRITES: "120" },
  root,
);
const origin = server.url;

try {
  const cookie = await signInOverHttp(origin, "reader@example.com", "Reader");
  for (let i = 0; i < 20; i++) {
    const created = await fetch(`${origin}/api/v1/prompts`, {
      method: "POST",
      headers: { cookie, origin, "content-type": "application/json" },
      body: JSON.stringify({ promptText: `Reader's prompt ${i}`, useCase: "bench", shared: false }),
    });
    if (created.status !== 201) throw new Error(`creating a prompt answered ${created.status}`);
  }

  await readFor(cookie, 3); // warm-up
  const alone = await readFor(cookie, Math.max(5, seconds / 2));
  const flood = startFlood();
  const flooded = await readFor(cookie, seconds);
  const sent = await flood.stop();

  const row = (phase: string, kind: string, latencies: number[]) =>
    `| ${phase} | ${kind} | ${latencies.length} | ${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.99))} |`;
  const floodPhase = `with ${rate} anonymous writes/s`;
  console.log(
    [
      `Build in ${root} · PGlite · ${new Date().toISOString()}`,
      "",
      "One signed-in person reading GET /api/v1/prompts back to back (latency in ms):",
      "",
      "| phase | read | reads | p50 | p99 |",
      "| --- | --- | ---: | ---: | ---: |",
      row("alone", "kept in memory", alone.kept),
      row("alone", "from the database", alone.database),
      row(floodPhase, "kept in memory", flooded.kept),
      row(floodPhase, "from the database", flooded.database),
      "",
      `Anonymous writes: ${sent.sent} sent in ${seconds} s (${Math.round(sent.sent / seconds)}/s), ` +
        `${sent.answered} answered, ${sent.dropped} not sent (over 256 in flight); statuses ${JSON.stringify(sent.statuses)}`,
    ].join("\n"),
  );
} finally {
  await server.stop();
}

/**
 * The person's reads, one after another, for a while: each one's latency to the last byte. An
 * unknown parameter is ignored by the list but makes a new address, so it is not in memory.
 */
async function readFor(cookie: string, forSeconds: number) {
  const kept: number[] = [];
  const database: number[] = [];
  const until = performance.now() + forSeconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const fromDatabase = i % 2 === 1;
    const started = performance.now();
    const path = fromDatabase ? `/api/v1/prompts?read=${i}-${Math.random()}` : "/api/v1/prompts";
    const res = await fetch(`${origin}${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`the reader got ${res.status}`);
    (fromDatabase ? database : kept).push(performance.now() - started);
  }
  return { kept, database };
}

/** Signed-out writes at `rate` a second, sent every 10 ms without waiting for the answers. */
function startFlood() {
  const statuses: Record<number, number> = {};
  let sent = 0;
  let answered = 0;
  let dropped = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const perTick = rate / 100;
  let owed = 0;
  const send = (i: number) => {
    const api = i % 2 === 0;
    const request = api
      ? fetch(`${origin}/api/v1/prompts`, {
          method: "POST",
          headers: { origin, "content-type": "application/json" },
          body: '{"promptText":"flood","shared":false}',
        })
      : fetch(`${origin}/dashboard`, {
          method: "POST",
          headers: { origin, "content-type": "application/x-www-form-urlencoded" },
          body: "intent=create&promptText=flood",
          redirect: "manual",
        });
    inFlight++;
    const done = request
      .then(async (res) => {
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        answered++;
      })
      .catch(() => {
        statuses[0] = (statuses[0] ?? 0) + 1;
      })
      .finally(() => {
        inFlight--;
        pending.delete(done);
      });
    pending.add(done);
  };
  const timer = setInterval(() => {
    owed += perTick;
    for (; owed >= 1; owed--) {
      if (inFlight >= 256) dropped++;
      else send(sent++);
    }
  }, 10);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { sent, answered, dropped, statuses };
    },
  };
}
