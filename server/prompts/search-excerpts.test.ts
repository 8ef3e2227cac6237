import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrompt, createUser, viewerFor } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { listPrompts } from "./list-prompts.ts";
import { listPromptsQuery } from "./prompt-input.ts";

/**
 * A search's cards say why they matched: where the term lies past the list's excerpt, the list
 * gives the text around it; and "best match" puts the prompts about the term first.
 */

let database: DatabaseHandle;
let viewer: Viewer;
const filler = "Plan each step of the work in plain words and check it twice. ".repeat(20);

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await createUser(database.db);
  viewer = viewerFor(user);
  const shared = { userId: user.id, isShared: true };
  const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));
  await createPrompt(database.db, {
    ...shared,
    title: "Late",
    promptText: `${filler}Then write the quokkatest script in Python.`,
    createdAt: at(3),
  });
  await createPrompt(database.db, {
    ...shared,
    title: "Early",
    promptText: `Write a quokkatest checker. ${filler}`,
    createdAt: at(2),
  });
  await createPrompt(database.db, {
    ...shared,
    title: "Quokkatest helper",
    category: "Quokkatest helper",
    promptText: `${filler}Mention the quokkatest once.`,
    createdAt: at(1),
  });
  await createPrompt(database.db, {
    ...shared,
    title: "Topic only",
    category: "quokkatest",
    promptText: filler,
    createdAt: at(0),
  });
});
afterAll(async () => {
  await database?.close();
});

function list(query: Record<string, string>) {
  return listPrompts({ db: database.db, viewer, ...listPromptsQuery.parse(query) });
}

describe("a search's list", () => {
  it("gives the text around a match that lies past the excerpt, and only then", async () => {
    const { items } = await list({ scope: "community", q: "quokkatest" });
    const byTitle = new Map(items.map((item) => [item.title, item]));
    const late = byTitle.get("Late");
    expect(late?.promptText).not.toContain("quokkatest");
    expect(late?.matchExcerpt).toMatch(/^….*quokkatest script in Python\.$/s);
    expect(late?.matchExcerpt?.length).toBeLessThan(400);
    expect(byTitle.get("Early")?.matchExcerpt).toBeUndefined();
    // Found by its topic alone: nothing in the text to show.
    expect(byTitle.get("Topic only")?.matchExcerpt).toBeUndefined();
  });

  it("finds the match whatever its case", async () => {
    const { items } = await list({ scope: "community", q: "QUOKKATEST SCRIPT" });
    expect(items.map((item) => item.title)).toEqual(["Late"]);
    expect(items[0]?.matchExcerpt).toContain("quokkatest script");
  });

  it("orders best match first: the topic about the term, then an early mention", async () => {
    const { items } = await list({ scope: "community", q: "quokkatest", sort: "relevance" });
    expect(items.map((item) => item.title)).toEqual([
      "Topic only",
      "Quokkatest helper",
      "Early",
      "Late",
    ]);
  });

  it("pages through best match with cursors, each prompt once", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const query = { scope: "community", q: "quokkatest", sort: "relevance", limit: "1" };
      const page = await list(cursor ? { ...query, cursor } : query);
      seen.push(...page.items.map((item) => item.title));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(["Topic only", "Quokkatest helper", "Early", "Late"]);
  });

  it("is newest first when best match is asked without a term", async () => {
    const { items } = await list({ scope: "community", sort: "relevance" });
    expect(items.map((item) => item.title)).toEqual([
      "Late",
      "Early",
      "Quokkatest helper",
      "Topic only",
    ]);
  });
});
