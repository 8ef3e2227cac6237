import { expect, it } from "vitest";
import { asActor } from "../../tests/support/actors.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { listPublicPrompts } from "./list-public-prompts.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

/** The creator name a signed-in reader and a public page give for a prompt shared by `owner`. */
async function creatorNames(owner: { email: string; name: string | null; username?: string }) {
  const user = await createUser(database.db, owner);
  const category = `creator-${user.id}`;
  const prompt = await createPrompt(database.db, { userId: user.id, isShared: true, category });
  const reader = await createUser(database.db);
  const cookie = await signedInCookie(database.db, reader.id);
  const res = await app.request(
    `/api/v1/prompts/${prompt.id}`,
    asActor({ name: "userA", userId: reader.id, cookie }),
  );
  const [shown] = await listPublicPrompts({ db: database.db, category, limit: 1 });
  return [((await res.json()) as { creatorName: string }).creatorName, shown?.creatorName];
}

it("without a name, the creator is the email's local part split on dots and capitalised", async () => {
  expect(
    await creatorNames({
      email: "carol.de.vries@example.com",
      name: null,
      username: "carol.de.vries",
    }),
  ).toEqual(["Carol De Vries", "Carol De Vries"]);
  expect(await creatorNames({ email: "bob@example.com", name: "" })).toEqual(["Bob", "Bob"]);
});

it("the name the account has comes first", async () => {
  expect(await creatorNames({ email: "carol.de.vries@example.com", name: "Carol V." })).toEqual([
    "Carol V.",
    "Carol V.",
  ]);
});
