import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { titleAndCategory } from "../../shared/prompt.ts";
import { promptPath, shortId } from "../../shared/public-address.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { profiles, prompts } from "../db/schema.ts";

let database: DatabaseHandle;
let app: TestApp;
let queries: string[] = [];
const origin = "http://localhost:3000";

/** Real prompts: Markdown headings, and lines of hundreds of characters. */
const csvRows: { act: string; prompt: string }[] = parse(
  readFileSync(new URL("../../seed/prompts.csv", import.meta.url)),
  { columns: true, max_record_size: 1_000_000 },
);
const markdownPrompts = csvRows.filter(
  (row) =>
    row.prompt.includes("\n#") &&
    Math.max(...row.prompt.split("\n").map((line) => line.length)) > 400 &&
    row.prompt.length < 20_000,
);

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (sql) => queries.push(sql) });
  app = await createTestApp({ db: database.db });
});
afterAll(async () => {
  await database.close();
});

async function sharePrompt(row: { act: string; prompt: string }, shared = true) {
  const owner = await createUser(database.db, { name: "Ada Lovelace" });
  const prompt = await createPrompt(database.db, {
    userId: owner.id,
    isShared: shared,
    promptText: row.prompt,
    ...titleAndCategory(row.act),
  });
  return { owner, prompt };
}

/** The page as a crawler without JavaScript reads it. */
async function fetchPage(path: string, init: RequestInit = {}) {
  const res = await app.request(path, init);
  const html = await res.text();
  const meta = (attribute: string, name: string) =>
    new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "null"),
  );
  return { res, html, meta, jsonLd };
}

/** The words a person reads in the page's main area (not the data the scripts carry). */
function mainText(html: string) {
  const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";
  return main
    .replace(/<[^>]+>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
}

describe("a shared prompt's page", () => {
  it("carries its title, description, canonical, image and CreativeWork in the first byte", async () => {
    const row = markdownPrompts[0];
    if (!row) throw new Error("no Markdown prompt with long lines in prompts.csv");
    const { prompt } = await sharePrompt(row);
    const path = promptPath(prompt);
    const { res, html, meta, jsonLd } = await fetchPage(path);
    expect(res.status).toBe(200);
    expect(html).toContain(
      `<title>${prompt.title.replaceAll("&", "&amp;")}: a prompt by Ada Lovelace | PromptShelf</title>`,
    );
    const description = meta("name", "description") ?? "";
    expect(description.length).toBeGreaterThan(80);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).not.toMatch(/(^|\s)#/);
    expect(html).toContain(`<link rel="canonical" href="${origin}${path}"/>`);
    expect(meta("property", "og:url")).toBe(`${origin}${path}`);
    const image = `${origin}/p/${shortId(prompt.id)}/image.png?v=1`;
    expect(meta("property", "og:image")).toBe(image);
    expect(meta("name", "twitter:image")).toBe(image);
    expect(meta("name", "robots")).toBe("index, follow");
    const [work] = jsonLd;
    expect(work).toMatchObject({
      "@type": "CreativeWork",
      name: prompt.title,
      url: `${origin}${path}`,
      author: { "@type": "Person", name: "Ada Lovelace" },
      dateCreated: prompt.createdAt.toISOString(),
      genre: prompt.category,
      image,
    });
    expect(work.text ?? work.abstract).toBeTruthy();
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it.each(markdownPrompts.slice(0, 5).map((row) => [row.act, row] as const))(
    "%s: shows the whole text, every line as written",
    async (_act, row) => {
      const { prompt } = await sharePrompt(row);
      const { res, html } = await fetchPage(promptPath(prompt));
      expect(res.status).toBe(200);
      const text = mainText(html);
      for (const line of row.prompt.split(/\r?\n/)) expect(text).toContain(line);
      expect(html).toMatch(/<h1[^>]*>/);
    },
  );

  it("is the same bytes for a visitor and for someone signed in", async () => {
    const { prompt, owner } = await sharePrompt({ act: "Same for all", prompt: "One page." });
    const headers = { "accept-encoding": "identity" };
    const pages = [];
    for (const cookie of ["", await signedInCookie(database.db, owner.id)]) {
      // A fresh app for each, so each renders rather than reading the other's kept copy.
      const fresh = await createTestApp({ db: database.db });
      const res = await fresh.request(promptPath(prompt), {
        headers: cookie ? { ...headers, cookie } : headers,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toBeNull();
      pages.push((await res.text()).replace(/nonce="[^"]*"/g, ""));
    }
    expect(pages[1]).toBe(pages[0]);
  });

  it("marks a template's variables", async () => {
    const { prompt } = await sharePrompt({
      act: "Cover letter",
      prompt: "Write a cover letter for {{role}} at {{company|Acme}}.",
    });
    const { html } = await fetchPage(promptPath(prompt));
    expect(html).toMatch(/<mark[^>]*>\{\{role\}\}<\/mark>/);
    expect(html).toMatch(/<mark[^>]*>\{\{company\|Acme\}\}<\/mark>/);
  });

  it("lists its versions, newest first, and related prompts of its topic", async () => {
    const { prompt, owner } = await sharePrompt({
      act: "Linux Terminal",
      prompt: "Act as a shell.",
    });
    const sibling = await createPrompt(database.db, {
      userId: owner.id,
      isShared: true,
      ...titleAndCategory("Linux Terminal"),
      promptText: "Another terminal prompt",
    });
    const hidden = await createPrompt(database.db, {
      userId: owner.id,
      isShared: false,
      ...titleAndCategory("Linux Terminal"),
      promptText: "A personal terminal note",
    });
    await database.db
      .update(prompts)
      .set({ promptText: "Act as a bash shell.", versionNote: "bash, not sh" })
      .where(eq(prompts.id, prompt.id));
    const { html } = await fetchPage(promptPath(prompt));
    const text = mainText(html);
    expect(text).toMatch(/Version 2.*bash, not sh.*Version 1/s);
    expect(html).toContain(`href="${promptPath(sibling)}"`);
    expect(html).not.toContain(promptPath(hidden));
    expect(text).not.toContain("A personal terminal note");
  });
});

describe("the creator", () => {
  it("is linked to their profile by its chosen name when public, and named without a link when not", async () => {
    const { owner, prompt } = await sharePrompt({ act: "Chess coach", prompt: "Teach me chess." });
    const plain = await fetchPage(promptPath(prompt));
    expect(plain.html).not.toContain('href="/u/');
    expect(plain.jsonLd[0].author).toEqual({ "@type": "Person", name: "Ada Lovelace" });

    await database.db
      .update(profiles)
      .set({ isPublic: true, handle: "ada_plays", displayName: "Ada at the board" })
      .where(eq(profiles.id, owner.id));
    // Another app: the first keeps its copy of the page until the change is announced.
    const fresh = await createTestApp({ db: database.db });
    const res = await fresh.request(promptPath(prompt));
    const html = await res.text();
    expect(html).toMatch(/by <a[^>]*href="\/u\/ada_plays"[^>]*>Ada at the board<\/a>/);
    expect(html).toContain(
      `"author":{"@type":"Person","name":"Ada at the board","url":"http://localhost:3000/u/ada_plays"}`,
    );
  });
});

describe("addresses", () => {
  it("moves an old slug, or none, to the current address, keeping the query", async () => {
    const { prompt } = await sharePrompt({ act: "Travel Guide", prompt: "Plan a trip." });
    const path = promptPath(prompt);
    for (const old of [
      `/p/${shortId(prompt.id)}`,
      `/p/${shortId(prompt.id)}-an-old-title`,
      `/p/${shortId(prompt.id)}-Travel-Guide`,
    ]) {
      const res = await app.request(`${old}?do=save`);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(`${path}?do=save`);
      expect(res.headers.get("x-kept-tags")).toBeNull();
    }
  });

  it("answers a personal prompt exactly as an id that never existed, whoever asks", async () => {
    const { prompt, owner } = await sharePrompt(
      { act: "Secret plan", prompt: "Private words" },
      false,
    );
    const other = await createUser(database.db);
    const never = { id: "0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f", title: "Secret plan" };
    const answers = [];
    for (const cookie of [
      "",
      await signedInCookie(database.db, other.id),
      await signedInCookie(database.db, owner.id),
    ]) {
      for (const target of [prompt, never]) {
        queries = [];
        const res = await app.request(promptPath(target), { headers: cookie ? { cookie } : {} });
        const body = await res.text();
        expect(res.status).toBe(404);
        expect(res.headers.get("x-kept-tags")).toBeNull();
        expect(body).not.toContain("Private words");
        answers.push({
          cacheControl: res.headers.get("cache-control"),
          body: body.replaceAll(shortId(target.id), "ID").replace(/nonce="[^"]*"/g, ""),
          queries: queries.length,
        });
      }
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]?.cacheControl).toMatch(/^public/);
  });

  it.each([
    "/p/short",
    "/p/zzzzzzzzzzz-beyond-64-bits",
    "/p/0000000000A-UPPER",
    "/p/00000000001-a%20b",
    `/p/${"x".repeat(400)}`,
  ])("%s is not found", async (path) => {
    const { res, meta } = await fetchPage(path);
    expect(res.status).toBe(404);
    expect(meta("name", "robots")).toBe("noindex, nofollow");
  });

  it("says a deleted shared prompt is gone, and a withdrawn one not found", async () => {
    const deleted = await sharePrompt({ act: "Gone soon", prompt: "Soon deleted" });
    const withdrawn = await sharePrompt({ act: "Private soon", prompt: "Soon private" });
    const personal = await sharePrompt({ act: "Never shared", prompt: "Never shared" }, false);
    const res = await app.request(`/api/v1/prompts/${deleted.prompt.id}`, {
      method: "DELETE",
      headers: { cookie: await signedInCookie(database.db, deleted.owner.id), origin },
    });
    expect(res.status).toBe(204);
    await database.db.delete(prompts).where(eq(prompts.id, personal.prompt.id));
    await database.db
      .update(prompts)
      .set({ isShared: false })
      .where(eq(prompts.id, withdrawn.prompt.id));

    const gone = await fetchPage(promptPath(deleted.prompt));
    expect(gone.res.status).toBe(410);
    expect(gone.meta("name", "robots")).toBe("noindex, nofollow");
    expect(mainText(gone.html)).toContain("Prompt Removed");
    expect((await app.request(promptPath(withdrawn.prompt))).status).toBe(404);
    expect((await app.request(promptPath(personal.prompt))).status).toBe(404);
  });
});

describe("the social image", () => {
  it("is a 1200×630 PNG, kept by shared caches for a day", async () => {
    const row = markdownPrompts[1];
    if (!row) throw new Error("no prompt");
    const { prompt } = await sharePrompt(row);
    const res = await app.request(`/p/${shortId(prompt.id)}/image.png?v=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it("is not found for a personal prompt, as for an id that never existed", async () => {
    const { prompt } = await sharePrompt({ act: "Hidden", prompt: "Private words" }, false);
    for (const id of [prompt.id, "0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f"]) {
      const res = await app.request(`/p/${shortId(id)}/image.png`);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("Not found");
    }
  });
});
