import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browsePagesMax } from "../../shared/browse.ts";
import { searchTermMaxLength } from "../../shared/prompt.ts";
import { promptPath } from "../../shared/public-address.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { projectRoot } from "../project-root.ts";

/** /prompts as a crawler or a visitor without JavaScript reads it, on real prompts. */

const origin = "http://localhost:3000";
const rows = parse(readFileSync(join(projectRoot, "seed/prompts.csv"), "utf8"), {
  columns: true,
}) as { act: string; prompt: string }[];
/** 60 real prompts, newest first: three pages of 24, 24 and 12. */
const real = rows.slice(0, 60);
const secretWord = "quokkazephyrbrine";
const day = 24 * 60 * 60 * 1000;

let database: DatabaseHandle;
let app: TestApp;
let shared: { id: string; title: string; promptText: string; category: string | null }[] = [];
let ownerCookie: string;
let otherCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
  const authors = await Promise.all(
    ["Ada Lovelace", "Grace Hopper", "Alan Turing"].map((name) =>
      createUser(database.db, { name }),
    ),
  );
  const now = Date.now();
  shared = [];
  for (const [index, row] of real.entries()) {
    const author = authors[index % authors.length];
    if (!author) throw new Error("no author");
    shared.push(
      await createPrompt(database.db, {
        userId: author.id,
        isShared: true,
        title: row.act.slice(0, 35),
        category: index % 6 === 0 ? "claude" : row.act.slice(0, 35),
        promptText: row.prompt,
        copyCount: index === 41 ? 900 : index % 7,
        createdAt: new Date(now - index * 60_000),
        updatedAt: new Date(now - index * 60_000),
      }),
    );
  }
  // Someone's personal prompt: in a topic, newest of all, with a word no shared prompt has.
  const owner = await createUser(database.db, { name: "Private Person" });
  await createPrompt(database.db, {
    userId: owner.id,
    isShared: false,
    title: "My private note",
    category: "claude",
    promptText: `Remember the ${secretWord} plan for Claude`,
    createdAt: new Date(now + 60_000),
  });
  ownerCookie = await signedInCookie(database.db, owner.id);
  otherCookie = await signedInCookie(database.db, (await createUser(database.db)).id);
});

afterAll(async () => {
  await database.close();
});

async function fetchBrowse(path: string, cookie?: string, through: TestApp = app) {
  const res = await through.request(path, cookie ? { headers: { cookie } } : {});
  const html = await res.text();
  const meta = (attribute: string, name: string) =>
    new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
  const link = (rel: string) =>
    new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(html)?.[1]?.replaceAll("&amp;", "&");
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "null"),
  );
  const listed = jsonLd.find((block) => block["@type"] === "CollectionPage");
  const urls: string[] = (listed?.mainEntity.itemListElement ?? []).map(
    (item: { url: string }) => item.url,
  );
  return { res, html, meta, link, listed, urls };
}

const pathOf = (prompt: { id: string; title: string }) => `${origin}${promptPath(prompt)}`;

describe("browsing", () => {
  it("lists the newest 24 shared prompts with links to their pages, for crawlers", async () => {
    const { res, html, meta, link, listed, urls } = await fetchBrowse("/prompts");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(html).toContain("<title>Browse AI prompts | PromptShelf</title>");
    expect(meta("name", "description")?.length).toBeGreaterThan(50);
    expect(meta("name", "robots")).toBe("index, follow");
    expect(link("canonical")).toBe(`${origin}/prompts`);
    expect(link("prev")).toBeUndefined();
    expect(link("next")).toBe(`${origin}/prompts?page=2`);
    expect(listed.mainEntity["@type"]).toBe("ItemList");
    expect(urls).toEqual(shared.slice(0, 24).map(pathOf));
    for (const prompt of shared.slice(0, 24)) {
      expect(html).toContain(`href="${promptPath(prompt)}"`);
    }
    // A card: title, topic, excerpt, creator and copies.
    expect(html).toContain("by Ada Lovelace");
    expect(html).toMatch(/\d+ cop(y|ies)/);
    expect(html).toContain('href="/prompts?page=2"');
  });

  it("pages through every shared prompt exactly once, with prev and next links", async () => {
    const second = await fetchBrowse("/prompts?page=2");
    expect(second.link("prev")).toBe(`${origin}/prompts`);
    expect(second.link("next")).toBe(`${origin}/prompts?page=3`);
    expect(second.link("canonical")).toBe(`${origin}/prompts?page=2`);
    const third = await fetchBrowse("/prompts?page=3");
    expect(third.link("prev")).toBe(`${origin}/prompts?page=2`);
    expect(third.link("next")).toBeUndefined();
    const first = await fetchBrowse("/prompts");
    expect([...first.urls, ...second.urls, ...third.urls]).toEqual(shared.map(pathOf));
  });

  it("says how many prompts it holds and numbers its pages, this one marked", async () => {
    const pager = (html: string) => ({
      said: /<p class="[^"]*">(\d+ prompts? · page \d+ of \d+|Page \d+)<\/p>/.exec(html)?.[1],
      numbers: [...html.matchAll(/aria-label="Page (\d+)"/g)].map((match) => Number(match[1])),
      current: /aria-label="Page (\d+)" aria-current="page"/.exec(html)?.[1],
    });
    expect(pager((await fetchBrowse("/prompts")).html)).toEqual({
      said: "60 prompts · page 1 of 3",
      numbers: [1, 2, 3],
      current: "1",
    });
    expect(pager((await fetchBrowse("/prompts?page=2")).html).current).toBe("2");
    // A topic counts its own; a search's matches are not counted.
    expect((await fetchBrowse("/prompts?topic=claude")).html).toContain("10 prompts");
    const search = await fetchBrowse("/prompts?q=the");
    expect(pager(search.html)).toEqual({ said: "Page 1", numbers: [1, 2], current: "1" });
  });

  it("filters by topic, links to the topic's landing page, and keeps the topic in its canonical", async () => {
    const { res, html, urls, link, meta } = await fetchBrowse("/prompts?topic=claude");
    expect(res.status).toBe(200);
    expect(urls).toEqual(shared.filter((prompt) => prompt.category === "claude").map(pathOf));
    expect(urls.length).toBe(10);
    expect(html).toContain('href="/claude-prompt-library"');
    expect(link("canonical")).toBe(`${origin}/prompts?topic=claude`);
    expect(meta("name", "robots")).toBe("index, follow");
    expect(html).toContain("Browse Claude prompts");
  });

  it("orders oldest first, so a list longer than the pages offered is reached from both ends", async () => {
    const { urls, link, html } = await fetchBrowse("/prompts?sort=oldest");
    expect(urls).toEqual([...shared].reverse().slice(0, 24).map(pathOf));
    expect(link("canonical")).toBe(`${origin}/prompts?sort=oldest`);
    expect(html).toContain("The oldest AI prompts");
  });

  it("orders by copies", async () => {
    const { urls, link } = await fetchBrowse("/prompts?sort=copies");
    const byCopies = [...shared]
      .map((prompt, index) => ({ prompt, copies: index === 41 ? 900 : index % 7 }))
      .sort((a, b) => b.copies - a.copies);
    const [most, ...rest] = byCopies;
    expect(most?.copies).toBe(900);
    expect(urls[0]).toBe(most && pathOf(most.prompt));
    expect(urls.length).toBe(24);
    // Then those with six copies, in any order among themselves.
    const sixes = rest.filter((entry) => entry.copies === 6).map((entry) => pathOf(entry.prompt));
    expect(sixes.length).toBe(7);
    expect(new Set(urls.slice(1, 1 + sixes.length))).toEqual(new Set(sixes));
    expect(link("canonical")).toBe(`${origin}/prompts?sort=copies`);
  });
});

describe("searching", () => {
  it("finds the shared prompts holding a word, and is not indexed", async () => {
    const word = "Ethereum";
    const { res, html, urls, meta, link } = await fetchBrowse(`/prompts?q=${word}`);
    expect(res.status).toBe(200);
    const expected = shared.filter((prompt) =>
      `${prompt.promptText} ${prompt.category}`.toLowerCase().includes(word.toLowerCase()),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(urls).toEqual(expected.map(pathOf));
    expect(meta("name", "robots")).toBe("noindex, follow");
    expect(link("canonical")).toBe(`${origin}/prompts?q=${word}`);
    expect(html).toContain("<mark");
  });

  it("searches within a topic, best match first when asked", async () => {
    const { res, urls } = await fetchBrowse("/prompts?q=the&topic=claude&sort=relevance");
    expect(res.status).toBe(200);
    const expected = shared.filter(
      (prompt) => prompt.category === "claude" && prompt.promptText.toLowerCase().includes("the"),
    );
    expect(new Set(urls)).toEqual(new Set(expected.map(pathOf)));
  });

  it("puts the best match first when asked, newest first otherwise", async () => {
    const author = await createUser(database.db, { name: "Rank Tester" });
    const early = await createPrompt(database.db, {
      userId: author.id,
      isShared: true,
      title: "Early mention",
      promptText: `Zanzibarite: ${real[3]?.prompt ?? ""}`,
      createdAt: new Date(Date.now() - 10 * day),
    });
    const late = await createPrompt(database.db, {
      userId: author.id,
      isShared: true,
      title: "Late mention",
      promptText: `${real[4]?.prompt ?? ""} (zanzibarite)`,
      createdAt: new Date(Date.now() - 9 * day),
    });
    try {
      expect((await fetchBrowse("/prompts?q=zanzibarite")).urls).toEqual([
        pathOf(late),
        pathOf(early),
      ]);
      expect((await fetchBrowse("/prompts?q=zanzibarite&sort=relevance")).urls).toEqual([
        pathOf(early),
        pathOf(late),
      ]);
    } finally {
      await database.db.delete(prompts).where(inArray(prompts.id, [early.id, late.id]));
    }
  });

  it("says so, kindly, when nothing matches", async () => {
    const { res, html, urls } = await fetchBrowse("/prompts?q=xylophonequasarwombat");
    expect(res.status).toBe(200);
    expect(urls).toEqual([]);
    expect(html).toContain("No shared prompt matches that search.");
    expect(html).toContain('href="/prompts"');
  });
});

describe("another person's personal prompt", () => {
  it.each([
    ["a visitor", undefined],
    ["its owner", "owner"],
    ["another signed-in person", "other"],
  ])("is never found, listed or counted, for %s", async (_who, cookieName) => {
    const cookie = cookieName === "owner" ? ownerCookie : cookieName ? otherCookie : undefined;
    for (const path of [`/prompts?q=${secretWord}`, "/prompts?topic=claude", "/prompts"]) {
      const { res, html, listed } = await fetchBrowse(path, cookie);
      expect(res.status).toBe(200);
      // The search term is shown back as typed; the prompt holding it is not.
      expect(html).not.toContain(`Remember the ${secretWord}`);
      expect(html).not.toContain("My private note");
      if (path.includes("q=")) expect(listed.mainEntity.numberOfItems).toBe(0);
    }
    const claude = await fetchBrowse("/prompts?topic=claude", cookie);
    expect(claude.listed.mainEntity.numberOfItems).toBe(10);
  });
});

describe("limits", () => {
  it(`takes a search of ${searchTermMaxLength} characters and refuses one more`, async () => {
    const longest = "a".repeat(searchTermMaxLength);
    expect((await fetchBrowse(`/prompts?q=${longest}`)).res.status).toBe(200);
    const tooLong = await fetchBrowse(`/prompts?q=${longest}a`);
    expect(tooLong.res.status).toBe(400);
    expect(tooLong.html).toContain(`Search for at most ${searchTermMaxLength} characters`);
    expect(tooLong.meta("name", "robots")).toBe("noindex, nofollow");
    expect(tooLong.res.headers.get("x-kept-tags")).toBeNull();
  });

  it(`numbers pages 1 to ${browsePagesMax}: past the last page is 404, past the limit 400`, async () => {
    const empty = await fetchBrowse(`/prompts?page=${browsePagesMax}`);
    expect(empty.res.status).toBe(404);
    expect(empty.html).toContain("There is no page with that number.");
    // No pager to say "page 50 of 3" beside it.
    expect(empty.html).not.toContain('aria-label="Pages"');
    expect(empty.res.headers.get("x-kept-tags")).toBeNull();
    for (const page of [String(browsePagesMax + 1), "0", "-1", "2.5", "two", "9999999999"]) {
      const refused = await fetchBrowse(`/prompts?page=${page}`);
      expect(refused.res.status, page).toBe(400);
      expect(refused.html).toContain(`Pages are numbered 1 to ${browsePagesMax}`);
    }
  });

  it("refuses a topic or an order it does not know, saying which", async () => {
    const topic = await fetchBrowse("/prompts?topic=cooking");
    expect(topic.res.status).toBe(400);
    expect(topic.html).toContain("Choose a topic from the list");
    const sort = await fetchBrowse("/prompts?sort=title");
    expect(sort.res.status).toBe(400);
    expect(sort.html).toContain("Choose an order from the list");
    const nul = await fetchBrowse("/prompts?q=a%00b");
    expect(nul.res.status).toBe(400);
  });

  it("sends an address that says the same thing another way to the page's one address", async () => {
    for (const [asked, canonical] of [
      ["/prompts?q=&topic=&sort=newest&page=1", "/prompts"],
      ["/prompts?q=+Ethereum+&sort=newest", "/prompts?q=Ethereum"],
      ["/prompts?page=2&topic=claude", "/prompts?topic=claude&page=2"],
      ["/prompts?sort=relevance", "/prompts"],
    ] as const) {
      const res = await app.request(asked);
      expect(res.status, asked).toBe(301);
      expect(res.headers.get("location"), asked).toBe(canonical);
    }
    // A parameter the page does not take never reaches it (public-pages-whoever-asks.test.ts).
    expect((await app.request("/prompts?utm_source=news")).status).toBe(200);
  });
});

describe("kept in memory", () => {
  it("each query is kept on its own, and a withdrawn or deleted share leaves every kept page at once", async () => {
    const { app: live, feed } = await signedInMemory(database);
    try {
      const author = await createUser(database.db, { name: "Soon Gone" });
      const going = await createPrompt(database.db, {
        userId: author.id,
        isShared: true,
        title: "Soon gone",
        promptText: "A shared prompt about walruses, soon deleted",
        createdAt: new Date(Date.now() + 120_000),
      });
      const urlsOf = async (path: string) => (await fetchBrowse(path, undefined, live)).urls;
      expect((await urlsOf("/prompts"))[0]).toBe(pathOf(going));
      expect(await urlsOf("/prompts?q=walruses")).toEqual([pathOf(going)]);
      expect(await urlsOf("/prompts?q=Ethereum")).not.toContain(pathOf(going));

      await database.db.delete(prompts).where(eq(prompts.id, going.id));
      for (const path of ["/prompts", "/prompts?q=walruses"]) {
        const after = await eventually(
          () => urlsOf(path),
          (urls) => !urls.includes(pathOf(going)),
        );
        expect(after, path).not.toContain(pathOf(going));
      }
      expect(await urlsOf("/prompts")).toEqual(shared.slice(0, 24).map(pathOf));
    } finally {
      await feed.close();
    }
  });
});
