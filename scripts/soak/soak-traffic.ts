import { signInFlow } from "./sign-in-flow.ts";
import type { SoakClient } from "./soak-client.ts";
import type { Kind, soakRecorder } from "./soak-recorder.ts";
import { runSharers, type ShareCounts } from "./soak-sharer.ts";

/** What a visitor's requests are drawn from beside its cookie: the generated library's. */
export interface SoakTargets {
  /** Addresses of shared prompts' pages (and so of their social images). */
  promptPages: string[];
  /** A read token for each visitor's person, in the order of their cookies. */
  tokens: string[];
}

interface Read {
  kind: Kind;
  /** The address, or how to pick one each time from the library's. */
  path: string | ((targets: SoakTargets) => string);
  signedIn: boolean;
  weight: number;
}

/** One of many, the first far more often than the last: a few pages read a lot, most rarely. */
function skewed<T>(list: T[]): T {
  return list[Math.floor(list.length * Math.random() ** 3)] as T;
}

/** Words the palette and MCP clients look for: in many prompts, in a few, in none. */
const searchWords = ["the", "Ethereum", "qzxwvy", "email", "teacher", "poem"];

/** Pages and lists, as visitors and signed-in people ask for them. */
const reads: Read[] = [
  { kind: "home", path: "/", signedIn: false, weight: 10 },
  { kind: "topic page", path: "/claude-prompt-library", signedIn: false, weight: 8 },
  {
    kind: "prompt page",
    path: (targets) => skewed(targets.promptPages),
    signedIn: false,
    weight: 6,
  },
  {
    kind: "social image",
    // /p/<short id>/image.png: the page's address up to the end of its short id.
    path: (targets) => `${skewed(targets.promptPages).slice(0, "/p/".length + 11)}/image.png`,
    signedIn: false,
    weight: 1,
  },
  { kind: "central", path: "/central", signedIn: true, weight: 10 },
  { kind: "dashboard", path: "/dashboard", signedIn: true, weight: 10 },
  { kind: "list community", path: "/api/v1/prompts?scope=community", signedIn: true, weight: 10 },
  { kind: "list personal", path: "/api/v1/prompts?scope=personal", signedIn: true, weight: 10 },
  // A word in most prompts, one in a handful, one in none: the three costs of a search.
  {
    kind: "search common",
    path: "/api/v1/prompts?scope=community&q=the",
    signedIn: true,
    weight: 6,
  },
  {
    kind: "search rare",
    path: "/api/v1/prompts?scope=community&q=Ethereum",
    signedIn: true,
    weight: 6,
  },
  {
    kind: "search none",
    path: "/api/v1/prompts?scope=community&q=qzxwvy",
    signedIn: true,
    weight: 4,
  },
  {
    kind: "palette",
    path: () => `/api/v1/palette?q=${skewed(searchWords)}`,
    signedIn: true,
    weight: 4,
  },
];
/** An MCP client's search_prompts, with the visitor's person's token. */
const mcpWeight = 4;
/** About one request in five is a change to the visitor's own prompts. */
const writeWeight = 18;
const totalWeight = reads.reduce((total, read) => total + read.weight, writeWeight + mcpWeight);

/** The mix as the report describes it: each kind's share of the visitors' requests. */
export const trafficMix = Object.fromEntries([
  ...reads.map((read) => [read.kind, read.weight / totalWeight]),
  ["mcp search", mcpWeight / totalWeight],
  ...["create", "update", "delete"].map((kind) => [kind, writeWeight / 3 / totalWeight]),
]);

const soakWriteUseCase = "soak-write";
export const signInEveryMs = 1000;

/**
 * `cookies.length` signed-in visitors, each sending its next request as soon as the last is
 * answered, until `until`; and beside them one sign-in a second. Writes go create, update,
 * delete in turn, so the library ends the size it started. In a living community (`people`
 * given), visitors read as those people in turn (their own writes stay their own) while
 * `shareRate` shares a second go out; returns what the sharers did, or null without them.
 */
export async function runTraffic(options: {
  client: SoakClient;
  recorder: ReturnType<typeof soakRecorder>;
  cookies: string[];
  people: string[];
  targets: SoakTargets;
  shareRate: number | null;
  until: number;
}): Promise<ShareCounts | null> {
  const { client, recorder, cookies, people, targets, shareRate, until } = options;
  let turn = 0;
  const reader = (own: string) => () =>
    people.length > 0 ? (people[turn++ % people.length] ?? own) : own;
  const [shares] = await Promise.all([
    shareRate === null ? null : runSharers({ client, recorder, people, rate: shareRate, until }),
    Promise.all([
      ...cookies.map((cookie, i) =>
        visitor(
          client,
          { cookie, readAs: reader(cookie), token: targets.tokens[i] ?? "" },
          {
            targets,
            until,
          },
        ),
      ),
      signIns(client, recorder, until),
    ]),
  ]);
  return shares;
}

/** A read by its weight, "mcp" for an MCP search, or null for a write (the weight left over). */
function pickRead() {
  let left = Math.random() * totalWeight;
  for (const read of reads) {
    left -= read.weight;
    if (left < 0) return read;
  }
  return left < mcpWeight ? "mcp" : null;
}

let mcpCalls = 0;

/** search_prompts as an MCP client on the official SDK sends it, after it has connected. */
function mcpSearch(client: SoakClient, token: string) {
  return client.send("mcp search", "/mcp", {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: ++mcpCalls,
      method: "tools/call",
      params: { name: "search_prompts", arguments: { query: skewed(searchWords) } },
    }),
    expect: [200],
  });
}

/**
 * A visitor writing as `cookie`'s person, reading as whoever `readAs` names each time, and
 * searching through MCP with its person's `token`.
 */
async function visitor(
  client: SoakClient,
  as: { cookie: string; readAs: () => string; token: string },
  options: { targets: SoakTargets; until: number },
) {
  const { cookie, readAs, token } = as;
  let own: string | null = null;
  let updated = false;
  while (Date.now() < options.until) {
    const read = pickRead();
    if (read === "mcp") {
      await mcpSearch(client, token);
    } else if (read) {
      const path = typeof read.path === "string" ? read.path : read.path(options.targets);
      await client.send(read.kind, path, {
        headers: read.signedIn ? { cookie: readAs() } : {},
        expect: [200],
      });
    } else if (own === null) {
      const created = await client.send("create", "/api/v1/prompts", {
        method: "POST",
        headers: { cookie, origin: client.origin, "content-type": "application/json" },
        body: JSON.stringify({
          promptText: `Act as a careful editor. Tighten the paragraph below. (${crypto.randomUUID()})`,
          useCase: soakWriteUseCase,
          shared: Math.random() < 0.5,
        }),
        expect: [201],
      });
      own = created?.status === 201 ? (JSON.parse(created.body) as { id: string }).id : null;
    } else if (!updated) {
      await client.send("update", `/api/v1/prompts/${own}`, {
        method: "PATCH",
        headers: { cookie, origin: client.origin, "content-type": "application/json" },
        body: JSON.stringify({ promptText: `Act as a strict editor. (${crypto.randomUUID()})` }),
        expect: [200],
      });
      updated = true;
    } else {
      await client.send("delete", `/api/v1/prompts/${own}`, {
        method: "DELETE",
        headers: { cookie, origin: client.origin },
        expect: [204],
      });
      own = null;
      updated = false;
    }
  }
}

/** One sign-in a second (fewer when one takes longer), by a hundred people in turn. */
async function signIns(
  client: SoakClient,
  recorder: ReturnType<typeof soakRecorder>,
  until: number,
) {
  for (let turn = 0; Date.now() < until; turn++) {
    const began = Date.now();
    const n = turn % 100;
    await signInFlow(client, recorder, {
      email: `soak-${n}@example.com`,
      name: `Soak Person ${n}`,
    });
    const wait = Math.min(signInEveryMs - (Date.now() - began), until - Date.now());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
