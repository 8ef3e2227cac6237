import type { Viewer } from "../../server/auth/viewer.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { listPrompts } from "../../server/prompts/list-prompts.ts";
import { type ListPromptsQuery, listPromptsQuery } from "../../server/prompts/prompt-input.ts";
import { query } from "./seed-library.ts";

export type QueryKind = "list" | "search";

export interface QueryTiming {
  name: string;
  kind: QueryKind;
  /** Median of five runs after one warm-up, in milliseconds, through the domain operation. */
  medianMs: number;
  rows: number;
}

const cases: { name: string; kind: QueryKind; query: Partial<ListPromptsQuery> }[] = [
  { name: "community list", kind: "list", query: { scope: "community" } },
  { name: "personal list", kind: "list", query: { scope: "personal" } },
  { name: "search common word (the)", kind: "search", query: { scope: "community", q: "the" } },
  {
    name: "search rare word (Ethereum)",
    kind: "search",
    query: { scope: "community", q: "Ethereum" },
  },
  { name: "search no match (qzxwvy)", kind: "search", query: { scope: "community", q: "qzxwvy" } },
];

/** List and search latency straight on the database, as bench/query-latency.ts measures it. */
export async function timeQueries(handle: DatabaseHandle): Promise<QueryTiming[]> {
  const viewer = await benchViewer(handle);
  const timings: QueryTiming[] = [];
  for (const item of cases) {
    const input = listPromptsQuery.parse({ limit: 24, ...item.query });
    await listPrompts({ db: handle.db, viewer, ...input });
    const times: number[] = [];
    let rows = 0;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      rows = (await listPrompts({ db: handle.db, viewer, ...input })).items.length;
      times.push(performance.now() - started);
    }
    timings.push({ name: item.name, kind: item.kind, medianMs: median(times), rows });
  }
  return timings;
}

async function benchViewer(handle: DatabaseHandle): Promise<Viewer> {
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
