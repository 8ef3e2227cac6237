import { afterAll, beforeAll, expect, it } from "vitest";
import { createUser, viewerFor } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { listPrompts } from "./list-prompts.ts";
import { listPromptsQuery } from "./prompt-input.ts";
import { bestMatchPool } from "./search-plan.ts";

// A community search in "best match" order ranks its newest matches, not all of them: scoring
// every prompt that holds a common word read most of the community at a million prompts.
let database: DatabaseHandle;
let viewer: Viewer;
/** The oldest match, whose use case is the word itself: among the best of all, were all ranked. */
let oldestBest: string;
/** The matches among the newest `bestMatchPool` whose use case is the word. */
let bestInPool: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  const author = await createUser(database.db);
  viewer = viewerFor(await createUser(database.db));
  const count = bestMatchPool + 20;
  const rows = await database.db
    .insert(prompts)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId: author.id,
        title: `Prompt ${i}`,
        // Every tenth match (the oldest among them) has the word as its use case.
        category: i % 10 === 0 ? "zebra" : "animals",
        promptText: `Describe a striped animal, the zebra, for reader ${i}.`,
        isShared: true,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    )
    .returning({ id: prompts.id, category: prompts.category });
  oldestBest = rows[0]?.id ?? "";
  bestInPool = rows
    .slice(-bestMatchPool)
    .filter((row) => row.category === "zebra")
    .map((row) => row.id);
});
afterAll(async () => {
  await database.close();
});

async function everyPage() {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const query = listPromptsQuery.parse({ scope: "community", q: "zebra", sort: "relevance" });
    const page = await listPrompts({ db: database.db, viewer, ...query, cursor });
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

it("ranks the newest matches of a community search, page after page, and no others", async () => {
  const ids = await everyPage();
  expect(new Set(ids.slice(0, bestInPool.length))).toEqual(new Set(bestInPool));
  expect(ids).toHaveLength(bestMatchPool);
  expect(new Set(ids).size).toBe(bestMatchPool);
  expect(ids).not.toContain(oldestBest);
});
