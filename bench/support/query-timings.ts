import type { Viewer } from "../../server/auth/viewer.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { listPrompts } from "../../server/prompts/list-prompts.ts";
import { listStatement } from "../../server/prompts/list-statement.ts";
import { type ListPromptsQuery, listPromptsQuery } from "../../server/prompts/prompt-input.ts";
import { benchTagName, organiseBenchLibrary } from "./organise-fixture.ts";
import { query } from "./seed-library.ts";

export type QueryKind = "list" | "search" | "organised";

export interface QueryTiming {
  name: string;
  kind: QueryKind;
  /** Median of `timedRounds` timings after a warm-up, in milliseconds, through the domain operation. */
  medianMs: number;
  rows: number;
  /** The scans in PostgreSQL's plan for the statement, when asked for. */
  plan?: string;
}

/** Timings per query; their median is reported. */
export const timedRounds = 15;

type QueryCase = { name: string; kind: QueryKind; query: Partial<ListPromptsQuery> };

const cases = (folderId: string): QueryCase[] => [
  { name: "community list", kind: "list", query: { scope: "community" } },
  { name: "personal list", kind: "list", query: { scope: "personal" } },
  { name: "folder list", kind: "list", query: { scope: "personal", folder: folderId } },
  { name: "search common word (the)", kind: "search", query: { scope: "community", q: "the" } },
  {
    name: "search rare word (Ethereum)",
    kind: "search",
    query: { scope: "community", q: "Ethereum" },
  },
  { name: "search no match (qzxwvy)", kind: "search", query: { scope: "community", q: "qzxwvy" } },
  {
    name: "folder + tag + search (write)",
    kind: "organised",
    query: { scope: "personal", folder: folderId, tag: [benchTagName], q: "write" },
  },
];

/** List and search latency straight on the database, through the domain operation. */
export async function timeQueries(
  handle: DatabaseHandle,
  options: { withPlans?: boolean } = {},
): Promise<QueryTiming[]> {
  const viewer = await benchViewer(handle);
  const { folderId } = await organiseBenchLibrary(handle, viewer.userId);
  const measured = cases(folderId).map((item) => ({
    ...item,
    input: listPromptsQuery.parse({ limit: 24, ...item.query }),
    times: [] as number[],
    rows: 0,
  }));
  const list = (input: ListPromptsQuery) => listPrompts({ db: handle.db, viewer, ...input });
  for (const item of measured) await list(item.input);
  // Round after round of every query, so a slow moment on a shared machine falls on all of them
  // rather than on one.
  for (let round = 0; round < timedRounds; round++) {
    for (const item of measured) {
      const started = performance.now();
      item.rows = (await list(item.input)).items.length;
      item.times.push(performance.now() - started);
    }
  }
  const timings: QueryTiming[] = [];
  for (const { name, kind, input, times, rows } of measured) {
    const plan = options.withPlans ? await scans(handle, viewer, input) : undefined;
    timings.push({ name, kind, medianMs: median(times), rows, plan });
  }
  return timings;
}

async function scans(handle: DatabaseHandle, viewer: Viewer, input: ListPromptsQuery) {
  const statement = listStatement({ db: handle.db, viewer, ...input }).toSQL();
  const plan = await query<{ "QUERY PLAN": string }>(
    handle,
    `EXPLAIN ${statement.sql}`,
    statement.params,
  );
  return plan
    .map((line) => line["QUERY PLAN"].trim().replace(/^->\s*/, ""))
    .filter((line) => /Scan/.test(line))
    .map((line) => line.replace(/\s+\(cost.*$/, ""))
    .join("; ");
}

async function benchViewer(handle: DatabaseHandle): Promise<Viewer & { userId: string }> {
  const [user] = await query<{ id: string; email: string }>(
    handle,
    "SELECT id, email FROM users WHERE issuer = 'https://bench.local' ORDER BY id LIMIT 1",
  );
  if (!user) throw new Error("no bench user");
  return {
    userId: user.id,
    email: user.email,
    name: null,
    avatarUrl: null,
    username: null,
    isAdmin: false,
  };
}

function median(values: number[]) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}
