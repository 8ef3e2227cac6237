import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profilePromptsPerPage } from "../../shared/profile.ts";
import { collectionPath, promptPath, shortId } from "../../shared/public-address.ts";
import { createUser, signedInCookie } from "../../tests/support/factories.ts";
import { realPrompts } from "../../tests/support/real-prompts.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { collectionItems, collections, profiles, prompts, users } from "../db/schema.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const origin = "http://localhost:3000";
const real = realPrompts();
const email = "ada.quietly@example.com";
let ada: { id: string };
let handle: string;
let sharedRows: { id: string; title: string; promptText: string }[];
let personal: { id: string; promptText: string };
let publicCollection: { id: string; title: string };
let privateCollection: { id: string; title: string };

/** The page as a crawler without JavaScript reads it. */
async function fetchPage(path: string, init: RequestInit = {}) {
  const res = await app.request(path, init);
  const html = await res.text();
  const meta = (attribute: string, name: string) =>
    new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "null"),
  );
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return { res, html, meta, jsonLd, title };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
  const user = await createUser(database.db, { email, name: "Ada Quietly" });
  ada = user;
  handle = `ada-${shortId(user.id).slice(0, 6).toLowerCase()}`;
  await database.db
    .update(users)
    .set({ avatarUrl: "https://images.example.com/ada.png" })
    .where(eq(users.id, user.id));
  await database.db
    .update(profiles)
    .set({ isPublic: true, handle, displayName: "Ada the Prompter", showAvatar: false })
    .where(eq(profiles.id, user.id));
  // Thirty real prompts, a minute apart, so newest first is a known order.
  const start = Date.parse("2026-01-01T00:00:00Z");
  sharedRows = await database.db
    .insert(prompts)
    .values(
      real.slice(300, 330).map((row, n) => ({
        userId: user.id,
        isShared: true,
        title: row.act.slice(0, 35),
        category: row.act.slice(0, 35),
        promptText: row.prompt,
        createdAt: new Date(start + n * 60_000),
      })),
    )
    .returning();
  sharedRows.reverse();
  const [kept] = await database.db
    .insert(prompts)
    .values({
      userId: user.id,
      isShared: false,
      title: "Diary",
      promptText: "My private diary prompt, never for anyone else",
    })
    .returning();
  personal = kept as typeof personal;
  const [open, closed] = await database.db
    .insert(collections)
    .values([
      {
        userId: user.id,
        title: "Coding interviews",
        description: "Prompts I use to practise",
        isPublic: true,
      },
      { userId: user.id, title: "Secret stash of prompts", isPublic: false },
    ])
    .returning();
  publicCollection = open as typeof publicCollection;
  privateCollection = closed as typeof privateCollection;
  await database.db.insert(collectionItems).values([
    {
      collectionId: publicCollection.id,
      promptId: sharedRowAt(5).id,
      position: 0,
      note: "Warm up with this one",
    },
    { collectionId: publicCollection.id, promptId: sharedRowAt(2).id, position: 1 },
    { collectionId: privateCollection.id, promptId: sharedRowAt(1).id, position: 0 },
  ]);
});
afterAll(async () => {
  await database.close();
});

function sharedRowAt(index: number) {
  return sharedRows[index] as { id: string; title: string; promptText: string };
}

function expectNothingPrivate(html: string) {
  expect(html).not.toContain(email);
  expect(html).not.toContain("ada.quietly");
  expect(html).not.toContain(personal.promptText);
  expect(html).not.toContain(personal.id);
  expect(html).not.toContain(privateCollection.title);
  expect(html).not.toContain(privateCollection.id);
}

describe("a public profile, /u/<handle>", () => {
  it("carries its title, description, canonical, Open Graph and ProfilePage JSON-LD", async () => {
    const { res, meta, jsonLd, title, html } = await fetchPage(`/u/${handle}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(title).toBe(`Ada the Prompter (@${handle}) | PromptShelf`);
    expect(meta("name", "description")).toBe(
      "AI prompts shared by Ada the Prompter on PromptShelf: 30 shared prompts and 1 public collection, free to copy and save.",
    );
    expect(meta("name", "robots")).toBe("index, follow");
    expect(html).toContain(`<link rel="canonical" href="${origin}/u/${handle}"/>`);
    expect(meta("property", "og:url")).toBe(`${origin}/u/${handle}`);
    const [page] = jsonLd;
    expect(page["@type"]).toBe("ProfilePage");
    expect(page.mainEntity).toMatchObject({
      "@type": "Person",
      name: "Ada the Prompter",
      alternateName: `@${handle}`,
      url: `${origin}/u/${handle}`,
    });
    expect(page.mainEntity.image).toBeUndefined();
    expect(html).toMatch(/<h1[^>]*>Ada the Prompter<\/h1>/);
  });

  it("lists the newest shared prompts with links to their pages, a page at a time, and the public collections", async () => {
    const first = await fetchPage(`/u/${handle}`);
    const linked = (html: string) => [...html.matchAll(/href="(\/p\/[^"]+)"/g)].map((m) => m[1]);
    expect(linked(first.html)).toEqual(
      sharedRows.slice(0, profilePromptsPerPage).map((row) => promptPath(row)),
    );
    expect(first.html).toContain(`href="/u/${handle}?page=2"`);
    expect(first.html).toContain(`href="${collectionPath(publicCollection)}"`);
    expect(first.html).toContain("Coding interviews");
    expectNothingPrivate(first.html);

    const second = await fetchPage(`/u/${handle}?page=2`);
    expect(second.res.status).toBe(200);
    expect(linked(second.html)).toEqual(
      sharedRows.slice(profilePromptsPerPage).map((row) => promptPath(row)),
    );
    expect(second.html).toContain(`<link rel="canonical" href="${origin}/u/${handle}?page=2"/>`);
    expectNothingPrivate(second.html);
    expect((await fetchPage(`/u/${handle}?page=3`)).res.status).toBe(404);
    expect((await fetchPage(`/u/${handle}?page=abc`)).res.status).toBe(404);
  });

  it("sends one address per page: another case or a needless page number is moved", async () => {
    for (const [path, to] of [
      [`/u/${handle.toUpperCase()}`, `/u/${handle}`],
      [`/u/${handle}?page=1`, `/u/${handle}`],
    ] as const) {
      const { res } = await fetchPage(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get("location"), path).toBe(to);
    }
    // A parameter the page does not take never reaches it (public-pages-whoever-asks.test.ts).
    const tagged = await fetchPage(`/u/${handle}?page=2&utm_source=x`);
    expect(tagged.res.status).toBe(200);
    expect(tagged.html).toContain(`<link rel="canonical" href="${origin}/u/${handle}?page=2"/>`);
  });

  it("shows the picture only when chosen", async () => {
    const other = await createUser(database.db, { name: "Pic Person" });
    const picHandle = `pic-${shortId(other.id).slice(0, 6).toLowerCase()}`;
    await database.db
      .update(users)
      .set({ avatarUrl: "https://images.example.com/pic.png" })
      .where(eq(users.id, other.id));
    await database.db
      .update(profiles)
      .set({ isPublic: true, handle: picHandle, displayName: "Pic", showAvatar: true })
      .where(eq(profiles.id, other.id));
    const { html, jsonLd } = await fetchPage(`/u/${picHandle}`);
    expect(html).toContain('src="https://images.example.com/pic.png"');
    expect(jsonLd[0].mainEntity.image).toBe("https://images.example.com/pic.png");
    expect((await fetchPage(`/u/${handle}`)).html).not.toContain("images.example.com/ada.png");
  });

  it("is the same 404 when off, unknown, or left behind by a new handle", async () => {
    const other = await createUser(database.db, { name: "Quiet One" });
    const old = `quiet-${shortId(other.id).slice(0, 6).toLowerCase()}`;
    await database.db
      .update(profiles)
      .set({ isPublic: false, handle: old, displayName: "Quiet" })
      .where(eq(profiles.id, other.id));
    const off = await fetchPage(`/u/${old}`);
    const unknown = await fetchPage(`/u/nobody-${old}`);
    for (const page of [off, unknown]) {
      expect(page.res.status).toBe(404);
      expect(page.meta("name", "robots")).toBe("noindex, nofollow");
      expect(page.html).not.toContain("Quiet One");
    }
    await database.db
      .update(profiles)
      .set({ isPublic: true, handle: `${old}-2` })
      .where(eq(profiles.id, other.id));
    expect((await app.request(`/u/${old}-2`)).status).toBe(200);
    expect((await app.request(`/u/${old}`)).status).toBe(404);
  });
});

describe("a public collection, /c/<short id>-<slug>", () => {
  it("carries its title, description, canonical and CollectionPage JSON-LD with its ItemList in order", async () => {
    const path = collectionPath(publicCollection);
    const { res, meta, jsonLd, title, html } = await fetchPage(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(title).toBe("Coding interviews: a prompt collection by Ada the Prompter | PromptShelf");
    expect(meta("name", "description")).toBe(
      "Prompts I use to practise (2 AI prompts, collected by Ada the Prompter on PromptShelf)",
    );
    expect(html).toContain(`<link rel="canonical" href="${origin}${path}"/>`);
    const [page] = jsonLd;
    expect(page["@type"]).toBe("CollectionPage");
    expect(page.author).toEqual({
      "@type": "Person",
      name: "Ada the Prompter",
      url: `${origin}/u/${handle}`,
    });
    expect(page.mainEntity["@type"]).toBe("ItemList");
    expect(page.mainEntity.itemListElement).toEqual(
      [sharedRowAt(5), sharedRowAt(2)].map((row, index) => ({
        "@type": "ListItem",
        position: index + 1,
        url: `${origin}${promptPath(row)}`,
        name: row.title,
      })),
    );
    expect(html).toContain("Warm up with this one");
    expect(html).toContain(`href="/u/${handle}"`);
    expectNothingPrivate(html);
  });

  it("hides a withdrawn prompt, and names a creator without a public profile without linking them", async () => {
    const owner = await createUser(database.db, { email: "bo.hidden@example.com", name: null });
    const [one, two] = await database.db
      .insert(prompts)
      .values(
        real.slice(400, 402).map((row) => ({
          userId: owner.id,
          isShared: true,
          title: row.act.slice(0, 35),
          promptText: row.prompt,
        })),
      )
      .returning();
    const [collection] = await database.db
      .insert(collections)
      .values({ userId: owner.id, title: "Bo's picks", isPublic: true })
      .returning();
    if (!one || !two || !collection) throw new Error("setup failed");
    await database.db.insert(collectionItems).values([
      { collectionId: collection.id, promptId: one.id, position: 0 },
      { collectionId: collection.id, promptId: two.id, position: 1 },
    ]);
    await database.db.update(prompts).set({ isShared: false }).where(eq(prompts.id, two.id));
    const { html, jsonLd } = await fetchPage(collectionPath(collection));
    expect(html).toContain(promptPath(one));
    expect(html).not.toContain(promptPath(two));
    expect(jsonLd[0].mainEntity.numberOfItems).toBe(1);
    // The creator line prompt cards give: no name, so the email's local part, capitalised.
    expect(jsonLd[0].author).toEqual({ "@type": "Person", name: "Bo Hidden" });
    expect(html).not.toContain("/u/");
    expect(html).not.toContain("bo.hidden@example.com");
  });

  it("keeps a hostile title, description and note from closing the script tag", async () => {
    const hostile = "</script><script>alert(1)</script>";
    const someone = await createUser(database.db);
    const [collection] = await database.db
      .insert(collections)
      .values({ userId: someone.id, title: hostile, description: hostile, isPublic: true })
      .returning();
    if (!collection) throw new Error("setup failed");
    await database.db.insert(collectionItems).values({
      collectionId: collection.id,
      promptId: sharedRowAt(0).id,
      position: 0,
      note: hostile,
    });
    const { res, html, jsonLd } = await fetchPage(collectionPath(collection));
    expect(res.status).toBe(200);
    expect(html).not.toContain("<script>alert(1)");
    expect(jsonLd[0].name).toBe(hostile);
  });

  it("moves an old slug to the current address", async () => {
    const res = await app.request(`/c/${shortId(publicCollection.id)}-an-old-title`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(collectionPath(publicCollection));
    const bare = await app.request(`/c/${shortId(publicCollection.id)}`);
    expect(bare.headers.get("location")).toBe(collectionPath(publicCollection));
  });

  it("names its own 1200×630 social image, which a private collection does not have", async () => {
    const { meta } = await fetchPage(collectionPath(publicCollection));
    const image = meta("property", "og:image") ?? "";
    expect(image).toMatch(
      new RegExp(`^${origin}/c/${shortId(publicCollection.id)}/image\\.png\\?v=[\\w-]{16}$`),
    );
    expect(meta("name", "twitter:image")).toBe(image);
    const res = await app.request(image.slice(origin.length));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const png = Buffer.from(await res.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    for (const id of [privateCollection.id, "00000000-0000-4000-8000-000000000000"]) {
      expect((await app.request(`/c/${shortId(id)}/image.png`)).status).toBe(404);
    }
  });

  it("is 404 when private, for its owner too, and for an address that names nothing", async () => {
    const cookie = await signedInCookie(database.db, ada.id);
    for (const [path, init] of [
      [collectionPath(privateCollection), {}],
      [collectionPath(privateCollection), { headers: { cookie } }],
      ["/c/zzzzzzzzzzz-nothing", {}],
      ["/c/not-an-id", {}],
    ] as const) {
      const { res, meta, html } = await fetchPage(path, init);
      expect(res.status, path).toBe(404);
      expect(meta("name", "robots")).toBe("noindex, nofollow");
      expect(html).not.toContain(privateCollection.title);
    }
  });
});
