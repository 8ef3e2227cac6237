import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../tests/support/eventually.ts";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import { heardSoFar } from "../../tests/support/heard-so-far.ts";
import { testLogger } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { createKeptAnswers, type PublicRender } from "../cache/kept-answers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import type { AppEnv } from "../http/app-env.ts";
import { type ChangeFeed, createChangeFeed } from "./change-feed.ts";

let database: DatabaseHandle;
let feed: ChangeFeed;
const kept = createKeptAnswers({ sessionCookie: "session" });

beforeAll(async () => {
  database = await createTestDatabase();
  feed = createChangeFeed(database, testLogger(), kept.channel);
  await feed.ready;
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

/** A kept public page showing one prompt, tagged with its id, as a prompt page is. */
function appShowingPrompts() {
  const app = new Hono<AppEnv>();
  app.use((c, next) => {
    c.set("log", testLogger());
    return next();
  });
  const render: PublicRender = async (address) => {
    const id = address.slice("/shows/".length);
    const [row] = await database.db.select().from(prompts).where(eq(prompts.id, id));
    return new Response(row?.title ?? "", {
      headers: { "Cache-Control": "public, max-age=300", "X-Kept-Tags": `prompt:${id}` },
    });
  };
  app.get("/shows/:id", kept.publicPage({}, render));
  return app;
}

describe("a kept public page showing a shared prompt", () => {
  it("is dropped when the database announces the prompt changed, whichever code changed it", async () => {
    const user = await createUser(database.db);
    const shown = await createPrompt(database.db, { userId: user.id, isShared: true });
    const other = await createPrompt(database.db, { userId: user.id, isShared: true });
    // Their creation is announced too: heard after the pages were kept, on a loaded machine, it
    // would drop them before the change this test makes.
    await heardSoFar(database, kept.channel);
    const app = appShowingPrompts();
    for (const prompt of [shown, other]) await app.request(`/shows/${prompt.id}`);
    const keptTitle = (id: string) => keptAnswerFor(`/shows/${id}`);
    expect(keptTitle(shown.id)).toBe(shown.title);

    await database.db.update(prompts).set({ title: "Renamed" }).where(eq(prompts.id, shown.id));
    expect(
      await eventually(
        async () => keptTitle(shown.id),
        (title) => title === undefined,
      ),
    ).toBe(undefined);
    expect(keptTitle(other.id)).toBe(other.title);
    expect(await (await app.request(`/shows/${shown.id}`)).text()).toBe("Renamed");

    await database.db.delete(prompts).where(eq(prompts.id, other.id));
    expect(
      await eventually(
        async () => keptTitle(other.id),
        (title) => title === undefined,
      ),
    ).toBe(undefined);
  });
});

function keptAnswerFor(url: string) {
  return kept.fresh({ url, headers: { "accept-encoding": "identity" } })?.body.toString();
}
