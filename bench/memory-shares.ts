// npx tsx bench/memory-shares.ts [budget in MB, default 64]:
// Replays one generated stream of requests against the two ways one memory budget can be shared
// between the caches (server/cache/memory-budget.ts): fixed shares, one lru-cache each, or one
// lru-cache for every kind, where the least recently used entry of any kind goes first. Entry
// sizes are those the soak measured (bench/results/soak.md), the cost of a miss the server's
// (decisions 0005, 0008, 0014, 0015 and the social images' render). Prints each kind's hit rate and
// the time the misses cost, quiet and while a crawler reads every prompt page once.
import { LRUCache } from "lru-cache";
import { seededRandom } from "./support/seeded-random.ts";

type Kind = "page" | "answer" | "search" | "library" | "image" | "session";

/** Bytes an entry takes (soak, 5,000 prompts) and milliseconds of server work a miss costs. */
const kinds: Record<Kind, { bytes: number; missMs: number; share: number }> = {
  page: { bytes: 44_000, missMs: 2, share: 0.3 }, // its stored copy read from the database
  answer: { bytes: 9_000, missMs: 8, share: 0.22 }, // a signed-in page or list rendered
  library: { bytes: 160_000, missMs: 15, share: 0.18 }, // a palette library read
  search: { bytes: 10_000, missMs: 7, share: 0.12 }, // an MCP search at 1,000,000 prompts
  image: { bytes: 150_000, missMs: 200, share: 0.1 }, // a social image rendered
  session: { bytes: 1_000, missMs: 1, share: 0.08 }, // a session read
};

const budget = Number(process.argv[2] ?? 64) * 1024 * 1024;
const requests = 400_000;

/** One of `n`, the first far more often than the last. */
const skewed = (rand: () => number, n: number) => Math.floor(n * rand() ** 3);

/** The stream: 200 people reading their pages, 64 MCP clients, visitors, and maybe a crawler. */
function* stream(crawler: boolean): Generator<[Kind, string]> {
  const rand = seededRandom(1);
  let crawled = 0;
  for (let i = 0; i < requests; i++) {
    const pick = rand();
    const person = skewed(rand, 200);
    if (crawler && pick < 0.3) yield ["page", `crawl ${crawled++ % 100_000}`];
    else if (pick < 0.45) yield ["page", `page ${skewed(rand, 20_000)}`];
    else if (pick < 0.47) yield ["image", `image ${skewed(rand, 20_000)}`];
    else if (pick < 0.72) yield ["answer", `${person} ${skewed(rand, 12)}`];
    else if (pick < 0.85) yield ["search", `${skewed(rand, 64)} ${skewed(rand, 20)}`];
    else if (pick < 0.9) yield ["library", `${person}`];
    else yield ["session", `${person}`];
  }
}

interface Tally {
  hits: number;
  asked: number;
  missMs: number;
}

function replay(design: "shares" | "one", crawler: boolean) {
  const tallies = new Map<Kind, Tally>();
  const sized = (maxSize: number) =>
    new LRUCache<string, { bytes: number }>({ maxSize, sizeCalculation: (entry) => entry.bytes });
  const one = sized(budget);
  const shares = new Map(
    (Object.keys(kinds) as Kind[]).map((kind) => [
      kind,
      sized(Math.floor(budget * kinds[kind].share)),
    ]),
  );
  for (const [kind, key] of stream(crawler)) {
    const cache =
      design === "one" ? one : (shares.get(kind) as LRUCache<string, { bytes: number }>);
    const name = design === "one" ? `${kind} ${key}` : key;
    const tally = tallies.get(kind) ?? { hits: 0, asked: 0, missMs: 0 };
    tallies.set(kind, tally);
    tally.asked++;
    if (cache.get(name)) tally.hits++;
    else {
      tally.missMs += kinds[kind].missMs;
      cache.set(name, { bytes: kinds[kind].bytes });
    }
  }
  return tallies;
}

const percent = (n: number) => `${(100 * n).toFixed(1)}%`;
console.log(`budget ${budget / 1024 / 1024} MB, ${requests.toLocaleString("en-US")} requests`);
console.log(
  "| traffic | design | page | answer | search | library | image | session | miss cost s |",
);
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const crawler of [false, true]) {
  for (const design of ["shares", "one"] as const) {
    const tallies = replay(design, crawler);
    const rate = (kind: Kind) => {
      const tally = tallies.get(kind);
      return tally ? percent(tally.hits / tally.asked) : "—";
    };
    const cost = [...tallies.values()].reduce((sum, tally) => sum + tally.missMs, 0) / 1000;
    console.log(
      `| ${crawler ? "with a crawler" : "quiet"} | ${design === "one" ? "one lru-cache" : "fixed shares"} | ` +
        `${(Object.keys(kinds) as Kind[]).map(rate).join(" | ")} | ${cost.toFixed(0)} |`,
    );
  }
}
