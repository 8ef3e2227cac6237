import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionPath } from "../../shared/public-address.ts";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { collections, profiles } from "../db/schema.ts";
import { seoRoutes } from "../http/seo-routes.ts";

/** Public profiles and collections in the sitemap, two to a file so that splitting shows. */

const origin = "https://promptshelf.example";
let database: DatabaseHandle;
const publicHandles: string[] = [];
let privateHandle = "";
const publicCollections: { id: string; title: string }[] = [];
let privateCollection = { id: "", title: "" };
let sharerHandle = "";

beforeAll(async () => {
  database = await createTestDatabase();
  for (let index = 0; index < 4; index++) {
    const user = await createUser(database.db);
    const handle = `person_${index}`;
    const isPublic = index < 3;
    await database.db
      .update(profiles)
      .set({ isPublic, handle, updatedAt: new Date("2026-03-01T10:00:00Z") })
      .where(eq(profiles.id, user.id));
    if (isPublic) publicHandles.push(handle);
    else privateHandle = handle;
    if (index === 0) {
      // A newer share moves the profile's date on; a newer personal prompt does not.
      sharerHandle = handle;
      await createPrompt(database.db, {
        userId: user.id,
        isShared: true,
        createdAt: new Date("2026-04-02T10:00:00Z"),
      });
      await createPrompt(database.db, {
        userId: user.id,
        isShared: false,
        createdAt: new Date("2026-05-02T10:00:00Z"),
      });
    }
    const [made] = await database.db
      .insert(collections)
      .values({
        userId: user.id,
        title: `Collection ${index} & more`,
        isPublic,
        updatedAt: new Date(`2026-02-0${index + 1}T10:00:00Z`),
      })
      .returning();
    if (!made) throw new Error("no collection");
    if (isPublic) publicCollections.push(made);
    else privateCollection = made;
  }
});
afterAll(async () => {
  await database.close();
});

const app = () =>
  seoRoutes({
    db: database.db,
    publicOrigin: origin,
    publicPrompts: async () => [],
    fileSize: 2,
    refreshMs: 60_000,
  });

function entries(xml: string) {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((match) => ({
    loc: match[1] ?? "",
    lastmod: match[2] ?? "",
  }));
}

async function listed(routes: ReturnType<typeof app>, kind: string) {
  const index = entries(await (await routes.request("/sitemap.xml")).text());
  const files = index.filter((file) => file.loc.includes(`/sitemaps/${kind}-`));
  const urls: { loc: string; lastmod: string }[] = [];
  for (const [n, file] of files.entries()) {
    expect(file.loc).toBe(`${origin}/sitemaps/${kind}-${n + 1}.xml`);
    const res = await routes.request(`/sitemaps/${kind}-${n + 1}.xml`);
    expect(res.status).toBe(200);
    const inFile = entries(await res.text());
    expect(inFile.length).toBeLessThanOrEqual(2);
    expect(file.lastmod).toBe(
      inFile
        .map((url) => url.lastmod)
        .sort()
        .at(-1),
    );
    urls.push(...inFile);
  }
  const past = await routes.request(`/sitemaps/${kind}-${files.length + 1}.xml`);
  expect(past.status).toBe(404);
  return { files, urls };
}

describe("the sitemap", () => {
  it("lists every public profile once by its handle, in files of the file size, and no other", async () => {
    const { files, urls } = await listed(app(), "profiles");
    expect(files).toHaveLength(2);
    expect(urls.map((url) => url.loc).sort()).toEqual(
      publicHandles.map((handle) => `${origin}/u/${handle}`).sort(),
    );
    expect(urls.map((url) => url.loc)).not.toContain(`${origin}/u/${privateHandle}`);
    const dated = new Map(urls.map((url) => [url.loc, url.lastmod]));
    expect(dated.get(`${origin}/u/${sharerHandle}`)).toBe("2026-04-02");
    expect(dated.get(`${origin}/u/${publicHandles[1]}`)).toBe("2026-03-01");
  });

  it("lists every public collection once at its address with its last change, and no private one", async () => {
    const { urls } = await listed(app(), "collections");
    expect(urls.map((url) => url.loc).sort()).toEqual(
      publicCollections.map((collection) => `${origin}${collectionPath(collection)}`).sort(),
    );
    expect(urls.map((url) => url.loc)).not.toContain(
      `${origin}${collectionPath(privateCollection)}`,
    );
    expect(
      new Map(urls.map((url) => [url.loc, url.lastmod])).get(
        `${origin}${collectionPath(publicCollections[0] ?? privateCollection)}`,
      ),
    ).toBe("2026-02-01");
  });
});
