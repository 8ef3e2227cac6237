import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { appContext } from "~/lib/app-context.ts";
import type { ShownPrompt } from "../../../server/cache/kept-answers.ts";
import type { DatabaseHandle } from "../../../server/db/client.ts";
import type { RequestContext } from "../../../server/http/request-context.ts";
import { promptPath } from "../../../shared/public-address.ts";
import { createPrompt, createUser } from "../../../tests/support/factories.ts";
import { createTestDatabase } from "../../../tests/support/test-database.ts";
import { loadPromptPage } from "./prompt-page.server.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/**
 * The request's services as a public page's loader gets them, without a viewer; what the page
 * names as shown (for its stored copy) goes into `shown`.
 */
function contextWith(db: DatabaseHandle["db"], shown: ShownPrompt[][] = []) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    db,
    showsPrompts: (prompts: ShownPrompt[]) => shown.push(prompts),
  } as unknown as RequestContext);
  return context;
}

// The page cache strips X-Kept-Tags before anything is sent, so the loader's answer is read here.
it("names the prompt and its creator's profile as what the page shows", async () => {
  const owner = await createUser(database.db);
  const prompt = await createPrompt(database.db, { userId: owner.id, isShared: true });
  const ref = promptPath(prompt).slice("/p/".length);
  const answer = await loadPromptPage({ context: contextWith(database.db), ref, search: "" });
  expect(new Headers(answer.init?.headers).get("X-Kept-Tags")).toBe(
    `prompt:${prompt.id} profile:${owner.id}`,
  );
});

it("names its related prompts too", async () => {
  const owner = await createUser(database.db);
  const values = {
    userId: owner.id,
    isShared: true,
    title: "Chess Coach",
    category: "Chess Coach",
  };
  const prompt = await createPrompt(database.db, values);
  const other = await createPrompt(database.db, values);
  const ref = promptPath(prompt).slice("/p/".length);
  const shown: ShownPrompt[][] = [];
  const answer = await loadPromptPage({
    context: contextWith(database.db, shown),
    ref,
    search: "",
  });
  expect(answer.data.related.map((row) => row.id)).toEqual([other.id]);
  expect(new Headers(answer.init?.headers).get("X-Kept-Tags")).toBe(
    `prompt:${prompt.id} profile:${owner.id} prompt:${other.id}`,
  );
  // For its stored copy: itself first, then its related prompts, each with a stamp that stays
  // on the server (it is made from the owner's email, among others).
  expect(shown).toHaveLength(1);
  expect(shown[0]?.map(({ id }) => id)).toEqual([prompt.id, other.id]);
  for (const { stamp } of shown[0] ?? []) {
    expect(stamp).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(answer.data)).not.toContain(stamp);
  }
});

it("names only the prompt when its creator has left", async () => {
  const prompt = await createPrompt(database.db, { userId: null, isShared: true });
  const ref = promptPath(prompt).slice("/p/".length);
  const answer = await loadPromptPage({ context: contextWith(database.db), ref, search: "" });
  expect(new Headers(answer.init?.headers).get("X-Kept-Tags")).toBe(`prompt:${prompt.id}`);
  expect(answer.data.prompt.creatorName).toBe("Community Member");
});
