import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Prompt } from "../../shared/prompt.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const texts = ["Summarise this thread in five bullets", "Draft a polite reminder email"];

/** Someone's public collection of two shared prompts, with the texts above. */
async function collectionOfTwo() {
  const owner = await apiPerson(database.db, app);
  const originals: Prompt[] = [];
  for (const promptText of texts) {
    originals.push(
      (await owner.call("POST", "/api/v1/prompts", { promptText, shared: true })).body,
    );
  }
  const { id } = (
    await owner.call("POST", "/api/v1/collections", { title: "Daily helpers", isPublic: true })
  ).body;
  for (const original of originals) {
    await owner.call("POST", `/api/v1/collections/${id}/items`, { promptId: original.id });
  }
  return { id, originals };
}

/** A person who imported both texts (say, from another tool) before meeting the collection. */
async function importerOfBoth() {
  const reader = await apiPerson(database.db, app);
  const file = ["act,prompt", ...texts.map((text, i) => `Mine ${i},${text}`), ""].join("\n");
  expect((await reader.upload("/api/v1/import", file)).status).toBe(201);
  const count = async () =>
    (await database.db.select().from(prompts).where(eq(prompts.userId, reader.user.id))).length;
  expect(await count()).toBe(2);
  return { reader, count };
}

describe("the same text is already in the library", () => {
  it('"Save all to my library" adds no prompt whose text the person imported', async () => {
    const { id } = await collectionOfTwo();
    const { reader, count } = await importerOfBoth();
    const saved = await reader.call("POST", `/api/v1/collections/${id}/save`);
    expect(saved.body).toEqual({ saved: 0, alreadyInLibrary: 2 });
    expect(await count()).toBe(2);
  });

  it('"Save to my library" answers the imported prompt with that text', async () => {
    const { originals } = await collectionOfTwo();
    const { reader, count } = await importerOfBoth();
    const saved = await reader.call("POST", `/api/v1/prompts/${originals[0]?.id}/save`);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ promptText: texts[0], title: "Mine 0" });
    expect(await count()).toBe(2);
  });
});
