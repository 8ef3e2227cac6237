import { describe, expect, it } from "vitest";
import { createKeptAnswers, type MemoryFigures } from "./kept-answers.ts";

const mb = 1024 * 1024;

function keptWithin(budgetBytes: number) {
  const kept = createKeptAnswers({ sessionCookie: "session", budgetBytes });
  kept.channel.setListening(true);
  return kept;
}

const of = (figures: MemoryFigures, kind: string) => {
  const found = figures.caches.find((cache) => cache.kind === kind);
  if (!found) throw new Error(`no figures for ${kind}`);
  return found;
};

describe("one memory budget", () => {
  it("is shared out between every cache, and the figures say what each holds", async () => {
    const kept = keptWithin(10 * mb);
    const figures = kept.memory();
    expect(figures.budgetBytes).toBe(10 * mb);
    expect(figures.caches.map((cache) => cache.kind)).toEqual([
      "public pages",
      "signed-in answers",
      "palette libraries",
      "MCP searches",
      "social images",
      "sessions",
      "access tokens",
    ]);
    const shares = figures.caches.reduce((sum, cache) => sum + cache.maxBytes, 0);
    expect(shares).toBeLessThanOrEqual(10 * mb);
    expect(shares).toBeGreaterThan(9.9 * mb);
    expect(figures.bytes).toBe(0);

    await kept.images.image("a 1", async () => Buffer.alloc(50_000));
    await kept.libraries.get("person", async () => ({ bytes: 300_000 }));
    expect(of(kept.memory(), "social images")).toMatchObject({ entries: 1, bytes: 50_000 });
    expect(of(kept.memory(), "palette libraries")).toMatchObject({ entries: 1, bytes: 300_000 });
    expect(kept.memory().bytes).toBe(350_000);
  });

  it("lets the least recently used go first once a cache reaches its share", async () => {
    const kept = keptWithin(4 * mb);
    const share = of(kept.memory(), "MCP searches").maxBytes;
    const text = "x".repeat(20_000);
    let made = 0;
    const search = (key: string) =>
      kept.searches.answer({ userId: "person", isAdmin: false, key, showsCommunity: false }, () => {
        made++;
        return Promise.resolve(text);
      });
    // Four times the share in answers, the first asked again all along.
    const count = Math.ceil((4 * share) / 40_000);
    for (let i = 0; i < count; i++) {
      await search(`search ${i}`);
      await search("search 0");
    }
    expect(made).toBe(count);
    const figures = of(kept.memory(), "MCP searches");
    expect(figures.bytes).toBeLessThanOrEqual(share);
    expect(figures.entries).toBeLessThan(count / 3);
    expect(figures.entries).toBeGreaterThan(0);
    // The one asked again stayed; the least recently used went and is made again.
    await search("search 0");
    expect(made).toBe(count);
    await search("search 1");
    expect(made).toBe(count + 1);
  });

  it("never keeps an entry larger than its cache's whole share", async () => {
    const kept = keptWithin(1 * mb);
    const share = of(kept.memory(), "social images").maxBytes;
    let renders = 0;
    const huge = async () => {
      renders++;
      return Buffer.alloc(share + 1);
    };
    await kept.images.image("huge", huge);
    await kept.images.image("huge", huge);
    expect(renders).toBe(2);
    expect(of(kept.memory(), "social images")).toMatchObject({ entries: 0, bytes: 0 });
  });
});
