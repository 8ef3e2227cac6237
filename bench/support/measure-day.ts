import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createSession } from "../../server/auth/sessions.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { projectRoot } from "../../server/project-root.ts";
import { promptPath } from "../../shared/public-address.ts";
import { benchDatabase } from "./bench-database.ts";
import type { BenchOptions } from "./bench-options.ts";
import { benchServerEnv, loadUrlOf, withServer } from "./bench-server.ts";
import { removeRunLeftovers } from "./bench-sessions.ts";
import { type DayKind, dayKinds, planDay } from "./day-plan.ts";
import { type DayResult, type KindFigures, runDay } from "./day-traffic.ts";
import { machine } from "./machine.ts";
import { samplePrompts } from "./sample-prompts.ts";
import { query } from "./seed-library.ts";

/** The people of the day sign in under an issuer of their own, apart from the bench's 200. */
const dayIssuer = "https://day.bench.local";
const crawledPages = 200_000;
const starredPrompts = 10_000;
const warmupSeconds = 10;
const maxInFlight = 512;
/** The target: every kind's p99 under this at the day's rate. */
const p99TargetMs = 200;

interface DayRun extends DayResult {
  answerMemory: "on" | "off";
}

/**
 * A realistic day on PostgreSQL at 1,000,000 prompts (issue 41): `--day-rate` requests a second
 * for `--day-seconds`, planned by planDay over `--day-people` people, sent open-loop to a server
 * with answer memory on (as deployed) and then off (every answer a render). Reports throughput,
 * p50 and p99 per kind and the share of answers sent from memory, into bench/results/day.{md,json}.
 */
export async function measureDay(options: BenchOptions, log: (line: string) => void) {
  if (!options.postgresUrl) throw new Error("--only day runs on PostgreSQL: give --postgres URL");
  const count = 1_000_000;
  const startedAt = new Date().toISOString();
  const { handle, target } = await benchDatabase({ count, postgresUrl: options.postgresUrl, log });
  const { rate, seconds, people } = options.day;
  let cookies: string[];
  let plan: ReturnType<typeof planDay>;
  try {
    cookies = await dayCookies(handle, people, log);
    // uuid order is random order: prompts from all over the table.
    const shared = await query<{ id: string; title: string }>(
      handle,
      `SELECT id, title FROM prompts WHERE is_shared ORDER BY id LIMIT ${crawledPages}`,
    );
    plan = planDay({
      rate,
      seconds: seconds + warmupSeconds,
      people,
      zipf: 1,
      promptPaths: shared.map(promptPath),
      promptIds: shared.slice(0, starredPrompts).map((row) => row.id),
      words: realWords(),
      seed: 41,
    });
    await query(handle, "TRUNCATE stored_pages");
  } finally {
    await handle.close();
  }
  log(
    `  the day: ${plan.length.toLocaleString("en-US")} requests over ${seconds + warmupSeconds} s`,
  );

  const benchTarget = { driver: "postgres" as const, count };
  const runs: DayRun[] = [];
  for (const answerMemory of ["on", "off"] as const) {
    const result = await withServer(
      { ...benchServerEnv(benchTarget, target), ANSWER_MEMORY: answerMemory },
      async (server) =>
        runDay({
          loadUrl: loadUrlOf(server),
          origin: server.url,
          cookies,
          plan,
          warmupSeconds,
          maxInFlight,
          serverPid: server.process.pid,
        }),
    );
    log(`  answer memory ${answerMemory}: ${line(result.all)}, ${result.skipped} skipped`);
    for (const kind of dayKinds) {
      const figures = result.kinds[kind];
      if (figures) log(`    ${kind}: ${line(figures)}`);
    }
    runs.push({ ...result, answerMemory });
    await removeRunLeftovers(benchTarget, target);
  }
  return writeDayReport({ startedAt, finishedAt: new Date().toISOString(), options, runs });
}

/**
 * Signed-in Cookie headers for `count` people of their own, created on first use, each with a
 * fresh session: most have an empty library, as most people of a day have a small one.
 */
async function dayCookies(handle: DatabaseHandle, count: number, log: (line: string) => void) {
  await query(
    handle,
    `INSERT INTO users (issuer, subject, email, name)
     SELECT '${dayIssuer}', 'day-' || g, 'day' || g || '@example.com', 'Day Person ' || g
     FROM generate_series(1, ${count}) AS g
     ON CONFLICT DO NOTHING`,
  );
  await query(
    handle,
    `DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE issuer = '${dayIssuer}')`,
  );
  const users = await query<{ id: string }>(
    handle,
    `SELECT id FROM users WHERE issuer = '${dayIssuer}' ORDER BY subject LIMIT ${count}`,
  );
  log(`  signing in ${users.length.toLocaleString("en-US")} people...`);
  const cookies: string[] = [];
  const batch = 50;
  for (let from = 0; from < users.length; from += batch) {
    const sessions = await Promise.all(
      users
        .slice(from, from + batch)
        .map((user) =>
          createSession(handle.db, user.id, { idleMs: 86_400_000, absoluteMs: 86_400_000 }),
        ),
    );
    for (const session of sessions) cookies.push(`ps_session=${session.token}`);
  }
  return cookies;
}

/** Distinct words of five letters or more from the real prompts, in a fixed shuffled order. */
function realWords() {
  const words = new Set<string>();
  for (const prompt of samplePrompts()) {
    for (const word of prompt.prompt.toLowerCase().match(/\p{L}{5,}/gu) ?? []) words.add(word);
  }
  return [...words].sort((a, b) => hash(a) - hash(b));
}

function hash(text: string) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function line(figures: KindFigures) {
  const memory = figures.requests ? (100 * figures.fromMemory) / figures.requests : 0;
  return (
    `${figures.perSecond.toFixed(1)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
    `${figures.errors} errors, ${memory.toFixed(0)}% from memory`
  );
}

async function writeDayReport(report: {
  startedAt: string;
  finishedAt: string;
  options: BenchOptions;
  runs: DayRun[];
}) {
  const { rate, seconds, people } = report.options.day;
  const lines = [
    "# A realistic day (issue 41)",
    "",
    `${report.startedAt} to ${report.finishedAt} · ${JSON.stringify(machine())}`,
    "",
    `PostgreSQL, 1,000,000 prompts. ${rate} requests a second planned for ${seconds} s after a ` +
      `${warmupSeconds} s warm-up, sent open-loop (each when due, however slow the answers ` +
      `before it; latency counted from that moment). ${people.toLocaleString("en-US")} people, ` +
      "Zipf (s = 1) in how often each comes; a visit loads a library page, moves 1-3 times by " +
      "React Router's data requests, searches in 2 of 5 (a new word in 7 of 10), stars in 1 of 6 " +
      "and shares in 1 of 30; crawlers fetch 200,000 prompt pages at random; visitors read the " +
      "home page, /prompts and topic pages, or search /prompts. Target: p99 under " +
      `${p99TargetMs} ms for every kind.`,
    "",
  ];
  for (const run of report.runs) {
    const cpu =
      run.serverCpuMs === null
        ? ""
        : `, server CPU ${(run.serverCpuMs / run.requests).toFixed(2)} ms a request`;
    lines.push(
      `## Answer memory ${run.answerMemory}`,
      "",
      `${run.requestsPerSecond.toFixed(0)} req/s measured, ${run.skipped} skipped (over ${maxInFlight} waiting)${cpu}.`,
      "",
      "| kind | req/s | p50 ms | p99 ms | max ms | errors | from memory | p99 < 200 ms |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    );
    const rows: [string, KindFigures][] = dayKinds
      .filter((kind: DayKind) => run.kinds[kind])
      .map((kind) => [kind, run.kinds[kind] as KindFigures]);
    rows.push(["all", run.all]);
    for (const [kind, figures] of rows) {
      const memory = figures.requests ? (100 * figures.fromMemory) / figures.requests : 0;
      lines.push(
        `| ${kind} | ${figures.perSecond.toFixed(1)} | ${figures.p50} | ${figures.p99} | ${figures.max} | ${figures.errors} | ${memory.toFixed(0)}% | ${figures.p99 < p99TargetMs ? "met" : "missed"} |`,
      );
    }
    lines.push("");
  }
  const markdown = lines.join("\n");
  const results = join(projectRoot, "bench/results");
  await writeFile(join(results, "day.md"), markdown);
  await writeFile(join(results, "day.json"), `${JSON.stringify(report.runs, null, 2)}\n`);
  return markdown;
}
