import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "~/lib/app-context.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { collections, profiles } from "../../server/db/schema.ts";
import { collectionPath } from "../../shared/public-address.ts";
import { createUser } from "../../tests/support/factories.ts";
import { testConfig, testLogger } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { loadCollectionPage, loadProfilePage } from "./public-pages.server.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A public page's request context: no viewer in it, since these pages are the same for everyone. */
function context() {
  const provider = new RouterContextProvider();
  const refuse = () => {
    throw new Error("a public page read the viewer");
  };
  provider.set(appContext, {
    db: database.db,
    config: testConfig(),
    log: testLogger(),
    requestId: "test",
    cspNonce: "nonce",
    publicPrompts: refuse,
    highlights: refuse,
    showsPrompts: () => {},
    reportError: refuse,
  });
  return provider;
}

const args = (path: string, params: Record<string, string>) => ({
  url: new URL(path, "http://localhost:3000"),
  params,
  context: context(),
});

/** What a loader threw (a 404 or a redirect), as its status. */
async function thrownStatus(work: Promise<unknown>) {
  const thrown = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (thrown instanceof Response) return thrown.status;
  return (thrown as { init?: { status?: number } } | undefined)?.init?.status;
}

describe("the public profile and collection loaders", () => {
  it("name what they show in X-Kept-Tags, without asking who is looking", async () => {
    const user = await createUser(database.db);
    const handle = `tags-${user.id.slice(0, 8)}`;
    await database.db
      .update(profiles)
      .set({ isPublic: true, handle, displayName: "Tagged" })
      .where(eq(profiles.id, user.id));
    const profile = await loadProfilePage(args(`/u/${handle}`, { handle }));
    expect(new Headers(profile.init?.headers).get("X-Kept-Tags")).toBe(
      `profile:${user.id} community`,
    );

    const [collection] = await database.db
      .insert(collections)
      .values({ userId: user.id, title: "Tagged set", isPublic: true })
      .returning();
    if (!collection) throw new Error("no collection");
    const path = collectionPath(collection);
    const page = await loadCollectionPage(args(path, { ref: path.slice(3) }));
    expect(new Headers(page.init?.headers).get("X-Kept-Tags")).toBe(
      `collection:${collection.id} profile:${user.id} community`,
    );
  });

  it("tag nothing they do not answer with 200", async () => {
    const user = await createUser(database.db);
    const [hidden] = await database.db
      .insert(collections)
      .values({ userId: user.id, title: "Hidden", isPublic: false })
      .returning();
    if (!hidden) throw new Error("no collection");
    const path = collectionPath(hidden);
    expect(await thrownStatus(loadCollectionPage(args(path, { ref: path.slice(3) })))).toBe(404);
    expect(
      await thrownStatus(loadProfilePage(args("/u/no-one-here", { handle: "no-one-here" }))),
    ).toBe(404);
  });
});
