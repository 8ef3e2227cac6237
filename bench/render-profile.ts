// What a render costs, and where it goes: the production server on a generated PostgreSQL library
// with answer memory off (every request renders), each path loaded in turn from a second process,
// server CPU per request from /proc; with --profile, the inspector's sampling profiler in the
// server, and the heaviest packages, functions and React components of each path's measured run.
// Signed-in pages are asked for by the bench's people taking turns. `prompt-pages` stands for
// distinct prompt pages never rendered (their stored copies removed first).
// usage: tsx bench/render-profile.ts --postgres URL [--count 1000000]
//        [--paths /privacy,/central,prompt-pages] [--seconds 10] [--connections 64] [--profile]
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "../server/project-root.ts";
import { pages } from "../shared/pages.ts";
import { promptPath } from "../shared/public-address.ts";
import { browserHeaders } from "../tests/support/raw-request.ts";
import { benchDatabase } from "./support/bench-database.ts";
import { benchServerEnv, loadUrlOf, withServer } from "./support/bench-server.ts";
import { benchCookies } from "./support/bench-sessions.ts";
import { summariseProfile } from "./support/cpu-profile.ts";
import { type LoadJob, runLoad, summary } from "./support/run-load.ts";
import { query } from "./support/seed-library.ts";

const { values } = parseArgs({
  options: {
    postgres: { type: "string" },
    count: { type: "string", default: "1000000" },
    paths: { type: "string", default: "/privacy,/,/prompts,/central,/dashboard,prompt-pages" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "64" },
    profile: { type: "boolean", default: false },
  },
});
if (!values.postgres) throw new Error("give --postgres URL (a database to create the bench's in)");
const count = Number(values.count);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const profiles = join(projectRoot, "bench/work/profiles", new Date().toISOString());
const promptPages = "prompt-pages";

const { handle, target } = await benchDatabase({
  count,
  postgresUrl: values.postgres,
  log: console.log,
});
const cookies = await benchCookies(handle, 199);
const wanted = values.paths.split(",");
const distinct = wanted.includes(promptPages)
  ? (
      await query<{ id: string; title: string }>(
        handle,
        "SELECT id, title FROM prompts WHERE is_shared ORDER BY id LIMIT 50000",
      )
    ).map(promptPath)
  : [];
if (distinct.length > 0) await query(handle, "TRUNCATE stored_pages");
await handle.close();

const signedIn = new Set(
  pages
    .filter((page) => page.access === "per-person" || page.access === "private")
    .map((p) => p.path),
);
const env = {
  ...benchServerEnv({ driver: "postgres", count }, target),
  ANSWER_MEMORY: "off",
  ...(values.profile
    ? {
        NODE_OPTIONS: `--require ${join(projectRoot, "bench/support/profiler-hook.cjs")}`,
        PROFILE_DIR: profiles,
      }
    : {}),
};

await withServer(env, async (server) => {
  const url = loadUrlOf(server);
  const pid = server.process.pid;
  for (const path of wanted) {
    const job: LoadJob = {
      url,
      method: "GET",
      headers: { ...browserHeaders },
      cookies: signedIn.has(path.split("?")[0] ?? path) ? cookies : [],
      // The warm-up renders other prompt pages than the measured run.
      paths: path === promptPages ? distinct.slice(0, 2_000) : [path],
      connections,
      duration: 2,
      serverPid: pid,
    };
    await runLoad(job);
    server.process.kill("SIGUSR2");
    const measured = path === promptPages ? distinct.slice(2_000) : [path];
    const result = await runLoad({ ...job, paths: measured, duration: seconds });
    server.process.kill("SIGUSR2");
    console.log(`${path}: ${summary(result)}, statuses ${JSON.stringify(result.statusCodes)}`);
    if (values.profile) await printProfile(pid);
  }
});

/** The profile of the measured run just written by the server's hook (its even-numbered file). */
async function printProfile(pid: number | undefined) {
  const file = await waitFor(() =>
    readdirSync(profiles, { withFileTypes: true })
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(`${pid}-`))
      .sort((a, b) => Number(a.split(/[-.]/)[1]) - Number(b.split(/[-.]/)[1]))
      .at(-1),
  );
  const summaryOf = summariseProfile(join(profiles, file));
  const rows = (title: string, entries: [string, number][]) =>
    [
      `  ${title}:`,
      ...entries.map(([name, share]) => `    ${(share * 100).toFixed(1)}% ${name}`),
    ].join("\n");
  console.log(
    [
      `  profile ${join(profiles, file)}: ${summaryOf.busy} busy samples of ${summaryOf.samples}`,
      rows("by package or file", summaryOf.byPlace.slice(0, 15)),
      rows("by function, itself", summaryOf.byFunction.slice(0, 25)),
      rows("by React component, itself", summaryOf.byComponent.slice(0, 15)),
    ].join("\n"),
  );
}

/** Waits for the hook's file to be written (it writes on the signal, a moment later). */
async function waitFor(find: () => string | undefined) {
  for (let tries = 0; tries < 100; tries++) {
    const found = safely(find);
    if (found && Number(found.split(/[-.]/)[1]) % 2 === 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server wrote no profile");
}

function safely<T>(read: () => T) {
  try {
    return read();
  } catch {
    return undefined;
  }
}
