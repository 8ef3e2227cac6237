import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

/** Posts a library page's form as the browser's fetcher does (React Router's data request). */
async function postForm(
  person: Awaited<ReturnType<typeof apiPerson>>,
  page: string,
  fields: Record<string, string>,
) {
  const res = await app.request(`${page}.data`, {
    method: "POST",
    headers: { origin: "http://localhost:3000", cookie: person.actor.cookie },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text() };
}

async function ownPrompts(userId: string) {
  return database.db
    .select({ category: prompts.category, title: prompts.title, isShared: prompts.isShared })
    .from(prompts)
    .where(eq(prompts.userId, userId));
}

describe("a topic page's form files what it shares under the topic", () => {
  it("whatever use case is posted, on create and on edit", async () => {
    const me = await apiPerson(database.db, app);
    const created = await postForm(me, "/llm-prompts", {
      intent: "create",
      useCase: "llm eval",
      promptText: "Grade these model answers",
    });
    expect(created.status).toBe(200);
    expect(await ownPrompts(me.user.id)).toEqual([
      { category: "llm", title: "llm", isShared: true },
    ]);

    const [row] = await database.db
      .select({ id: prompts.id })
      .from(prompts)
      .where(eq(prompts.userId, me.user.id));
    const edited = await postForm(me, "/llm-prompts", {
      intent: "update",
      id: row?.id ?? "",
      useCase: "somewhere else",
      promptText: "Grade these model answers, briefly",
    });
    expect(edited.status).toBe(200);
    expect(await ownPrompts(me.user.id)).toEqual([
      { category: "llm", title: "llm", isShared: true },
    ]);
  });

  it("the community page still files under the use case given", async () => {
    const me = await apiPerson(database.db, app);
    const created = await postForm(me, "/central", {
      intent: "create",
      useCase: "llm eval",
      promptText: "Grade these model answers",
    });
    expect(created.status).toBe(200);
    expect(await ownPrompts(me.user.id)).toEqual([
      { category: "llm eval", title: "llm eval", isShared: true },
    ]);
  });
});
