import { afterAll, beforeAll, expect, it } from "vitest";
import { createUser, viewerFor } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { createTeam } from "../teams/create-team.ts";
import { listPrompts } from "./list-prompts.ts";
import { listPromptsQuery } from "./prompt-input.ts";
import { bestMatchPool } from "./search-plan.ts";

// A search of the community or a team's library in "best match" order ranks its newest matches,
// not all of them: scoring every prompt that holds a common word read most of the community at a
// million prompts, and 8,000 of a team's 10,000 prompts. A person's own library ranks them all.
let database: DatabaseHandle;
let author: Viewer;
let reader: Viewer;
let teamId: string;
const seeded = new Map<string, { oldestBest: string; bestInPool: string[] }>();

/**
 * `bestMatchPool + 20` matches, every tenth (the oldest among them) with the word as its use case:
 * among the best of all, were all ranked. Answers the oldest such match and those in the pool.
 */
async function seed(values: { isShared: boolean; teamId?: string }) {
  const rows = await database.db
    .insert(prompts)
    .values(
      Array.from({ length: bestMatchPool + 20 }, (_, i) => ({
        userId: author.userId,
        title: `Prompt ${i}`,
        category: i % 10 === 0 ? "zebra" : "animals",
        promptText: `Describe a striped animal, the zebra, for reader ${i}.`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        ...values,
      })),
    )
    .returning({ id: prompts.id, category: prompts.category });
  return {
    oldestBest: rows[0]?.id ?? "",
    bestInPool: rows
      .slice(-bestMatchPool)
      .filter((row) => row.category === "zebra")
      .map((row) => row.id),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  author = viewerFor(await createUser(database.db));
  reader = viewerFor(await createUser(database.db));
  teamId = (await createTeam({ db: database.db, viewer: author, name: "Zoo" })).id;
  seeded.set("community", await seed({ isShared: true }));
  seeded.set("personal", await seed({ isShared: false }));
  seeded.set("team", await seed({ isShared: false, teamId }));
});
afterAll(async () => {
  await database.close();
});

it("ranks every match of a search of one's own library", async () => {
  const { oldestBest } = seeded.get("personal") ?? { oldestBest: "" };
  const ids = await everyPage("personal");
  expect(ids).toHaveLength(bestMatchPool + 20);
  // Among the best, with the other prompts whose use case is the word.
  expect(ids.slice(0, 26)).toContain(oldestBest);
});

async function everyPage(scope: "community" | "personal" | "team") {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const query = listPromptsQuery.parse({
      scope,
      q: "zebra",
      sort: "relevance",
      ...(scope === "team" ? { team: teamId } : {}),
    });
    const viewer = scope === "community" ? reader : author;
    const page = await listPrompts({ db: database.db, viewer, ...query, cursor });
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

it.each(["community", "team"] as const)(
  "ranks the newest matches of a search in %s, page after page, and no others",
  async (scope) => {
    const { oldestBest, bestInPool } = seeded.get(scope) ?? { oldestBest: "", bestInPool: [] };
    const ids = await everyPage(scope);
    expect(new Set(ids.slice(0, bestInPool.length))).toEqual(new Set(bestInPool));
    expect(ids).toHaveLength(bestMatchPool);
    expect(new Set(ids).size).toBe(bestMatchPool);
    expect(ids).not.toContain(oldestBest);
  },
);
