import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { promptCopies } from "../db/schema.ts";
import { forgetOldCopies } from "./record-copy.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

it("counts at most one copy per person, prompt and day, however often it is copied", async () => {
  const author = await apiPerson(database.db, app);
  const reader = await apiPerson(database.db, app);
  const shared = (
    await author.call("POST", "/api/v1/prompts", { promptText: "Copy me", shared: true })
  ).body;
  const copies = async () =>
    (await reader.call("GET", `/api/v1/prompts/${shared.id}`)).body.copyCount as number;
  const copy = async (who: typeof author) =>
    expect((await who.call("POST", `/api/v1/prompts/${shared.id}/copies`)).status).toBe(204);

  // Sixty copies by its own author once put a prompt at the top of "most copied".
  for (let i = 0; i < 60; i++) await copy(author);
  expect(await copies()).toBe(1);
  await Promise.all(Array.from({ length: 10 }, () => copy(reader)));
  expect(await copies()).toBe(2);

  // The next day, each may count once more; records too old to matter are let go.
  await database.db.execute(
    sql`update ${promptCopies} set day = day - 1 where prompt_id = ${shared.id}`,
  );
  await copy(reader);
  await copy(reader);
  expect(await copies()).toBe(3);
  await database.db.execute(
    sql`update ${promptCopies} set day = day - 5 where prompt_id = ${shared.id}`,
  );
  await forgetOldCopies(database.db);
  expect(
    await database.db.select().from(promptCopies).where(eq(promptCopies.promptId, shared.id)),
  ).toEqual([]);
});
