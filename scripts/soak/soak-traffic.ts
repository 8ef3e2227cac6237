import { signInFlow } from "./sign-in-flow.ts";
import type { SoakClient } from "./soak-client.ts";
import type { Kind, soakRecorder } from "./soak-recorder.ts";
import { runSharers, type ShareCounts } from "./soak-sharer.ts";

interface Read {
  kind: Kind;
  path: string;
  signedIn: boolean;
  weight: number;
}

/** Pages and lists, as visitors and signed-in people ask for them. */
const reads: Read[] = [
  { kind: "home", path: "/", signedIn: false, weight: 10 },
  { kind: "topic page", path: "/claude-prompt-library", signedIn: false, weight: 8 },
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
];
/** About one request in five is a change to the visitor's own prompts. */
const writeWeight = 18;
const totalWeight = reads.reduce((total, read) => total + read.weight, writeWeight);

/** The mix as the report describes it: each kind's share of the visitors' requests. */
export const trafficMix = Object.fromEntries([
  ...reads.map((read) => [read.kind, read.weight / totalWeight]),
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
  shareRate: number | null;
  until: number;
}): Promise<ShareCounts | null> {
  const { client, recorder, cookies, people, shareRate, until } = options;
  let turn = 0;
  const reader = (own: string) => () =>
    people.length > 0 ? (people[turn++ % people.length] ?? own) : own;
  const [shares] = await Promise.all([
    shareRate === null ? null : runSharers({ client, recorder, people, rate: shareRate, until }),
    Promise.all([
      ...cookies.map((cookie) => visitor(client, cookie, reader(cookie), until)),
      signIns(client, recorder, until),
    ]),
  ]);
  return shares;
}

/** A read by its weight, or null for a write (the weight left over). */
function pickRead() {
  let left = Math.random() * totalWeight;
  for (const read of reads) {
    left -= read.weight;
    if (left < 0) return read;
  }
  return null;
}

/** A visitor writing as `cookie`'s person and reading as whoever `readAs` names each time. */
async function visitor(client: SoakClient, cookie: string, readAs: () => string, until: number) {
  let own: string | null = null;
  let updated = false;
  while (Date.now() < until) {
    const read = pickRead();
    if (read) {
      await client.send(read.kind, read.path, {
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
