import { readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { projectRoot } from "../../server/project-root.ts";
import { signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

/** Real prompts (Markdown, long, with long use cases) on the cards, highlights and search. */

const rows = parse(readFileSync(join(projectRoot, "seed/prompts.csv"), "utf8"), {
  columns: true,
}) as { act: string; prompt: string }[];
/** A real prompt written in Markdown: a heading, subheadings and bullets, thousands of characters. */
const agentRole = rows.find((row) => row.act === "Shell Script Agent Role")?.prompt ?? "";

function uniqueWord(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function share(page: Page, promptText: string, useCase: string) {
  const res = await page.request.post("/api/v1/prompts", {
    data: { promptText, useCase, shared: true },
  });
  expect(res.status()).toBe(201);
}

/** Opens /central and waits until its live stream is connected. */
async function openCentral(page: Page, path = "/central") {
  const connected = page.waitForResponse((res) => res.url().includes("/api/v1/events"));
  await page.goto(path);
  await connected;
}

test("the highlights' cards stay in their frame, offer the list's actions and follow changes", async ({
  page,
  browser,
}) => {
  expect(agentRole.length).toBeGreaterThan(1000);
  // The server keeps the day's highlights for a minute: with nothing shared yet there may be
  // no prompt of the day until that minute is over.
  const word = uniqueWord("potd");
  const reader = await browser.newPage();
  await signIn(reader, { email: uniqueEmail("reader") });
  await openCentral(reader);
  await signIn(page, { email: uniqueEmail("author") });
  const frame = page.getByRole("region", { name: "Prompt of the day" });
  await expect(async () => {
    // Each share is a change to the community, so the page is rendered again, not kept.
    await share(page, "Name three rivers and one fact about each.", `Rivers ${word}`);
    await page.goto("/central");
    await expect(frame.getByRole("article")).toBeVisible({ timeout: 1000 });
  }).toPass({ intervals: [5000], timeout: 80_000 });
  await openCentral(page);

  // The prompt of the day's card sits inside its purple frame.
  await expect(frame.getByRole("article")).toBeVisible();
  const outer = await frame.boundingBox();
  const inner = await frame.getByRole("article").boundingBox();
  expect(inner && outer && inner.y + inner.height).toBeLessThanOrEqual(
    (outer?.y ?? 0) + (outer?.height ?? 0),
  );

  await share(page, agentRole, `Shell role ${word}`);
  const fresh = (viewer: Page) =>
    viewer
      .getByRole("region", { name: /Fresh today/ })
      .getByRole("article", { name: `Shell role ${word}` });
  await expect(fresh(reader)).toBeVisible();
  await expect(fresh(page)).toBeVisible();
  // Someone else's highlight: copy, save, star and Show more, as on the list.
  const card = fresh(reader);
  for (const name of [/^Copy/, /Save to my library/, /^Star/, /Show more/]) {
    await expect(card.getByRole("button", { name })).toBeVisible();
  }
  await card.getByRole("button", { name: "Show more" }).click();
  await expect(card.locator("pre")).toContainText("## Task-Oriented Execution Model");

  // Deleted from its highlight card: gone from every open page's Fresh today, without a reload.
  await fresh(page)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(fresh(page)).toHaveCount(0);
  await expect(fresh(reader)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("article", { name: `Shell role ${word}` })).toHaveCount(0);
  await reader.close();
});

test("a search shows why each card matched, best match first, asked once a word is typed", async ({
  page,
}) => {
  const word = uniqueWord("srch");
  await signIn(page, { email: uniqueEmail("searcher") });
  // One mentions the word first thing; in the other it comes thousands of characters in.
  await share(page, `${agentRole}\n\n## Finally\nRun ${word} on every script.`, "Shell late");
  await share(page, `Use ${word} to lint shell scripts.`, "Shell early");
  await page.goto("/central");
  // Search is the first thing on the page, above the highlights.
  const box = page.getByLabel("Search prompts");
  expect((await box.boundingBox())?.y).toBeLessThan(300);

  // Three searches, the first after the page's own start. The box waits for a pause in the
  // typing, so a word typed in one go asks the server at most once per key and the last asks
  // for the whole word. The time from the last key to the results on screen, measured in the
  // page, is reported (the target is 150 ms on a local server), not asserted: it measures the
  // machine too.
  const searches: string[] = [];
  page.on("request", (request) => {
    const q = new URL(request.url()).searchParams.get("q");
    if (request.url().includes("/central.data") && q) searches.push(q);
  });
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    await box.fill("");
    await expect(page).not.toHaveURL(/q=/);
    await expect(page.locator("article mark")).toHaveCount(0);
    searches.length = 0;
    times.push(await timeSearch(page, word));
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.length).toBeLessThanOrEqual(word.length);
    expect(searches.at(-1)).toBe(word);
  }
  console.log(`search answered ${times.map(Math.round).join(", ")} ms after the last key`);
  test.info().annotations.push({ type: "search answered after last key", description: `${times}` });

  const results = page.getByRole("region", { name: "Community Prompts" }).getByRole("article");
  await expect(results).toHaveCount(2);
  await expect(page.getByRole("region", { name: "Prompt of the day" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: /Fresh today/ })).toHaveCount(0);
  // Each card shows the match, the late one too (its words around it), without Show more.
  for (const title of ["Shell early", "Shell late"]) {
    await expect(results.filter({ hasText: title }).locator("mark")).toHaveText(word);
  }
  await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
  await expect(results.first()).toContainText("Shell early");

  // A new search keeps the cards on screen while it loads (its answer held until they are seen).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/central.data*", async (route) => {
    await held;
    await route.continue();
  });
  await box.fill(`${word} on`);
  await expect(page.locator("ul[aria-busy=true]")).toBeVisible();
  await expect(results).toHaveCount(2);
  release();
  await expect(results).toHaveCount(1);
});

/** Types the term and times the last key to both matching cards on screen, marked. */
async function timeSearch(page: Page, term: string) {
  await page.evaluate((wanted) => {
    const w = window as unknown as { lastKey: number; answered: Promise<number> };
    document.addEventListener("keydown", () => {
      w.lastKey = performance.now();
    });
    w.answered = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const marks = [...document.querySelectorAll("article mark")];
        if (marks.filter((mark) => mark.textContent?.toLowerCase() === wanted).length >= 2) {
          observer.disconnect();
          resolve(performance.now());
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, term);
  await page.getByLabel("Search prompts").click();
  await page.keyboard.type(term, { delay: 30 });
  return page.evaluate(async () => {
    const w = window as unknown as { lastKey: number; answered: Promise<number> };
    return (await w.answered) - w.lastKey;
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("cards show clean previews cut at words, whole words in titles, aligned", async ({
    page,
  }) => {
    const word = uniqueWord("c");
    await signIn(page, { email: uniqueEmail("cards") });
    await page.goto("/central");
    expect((await page.getByLabel("Search prompts").boundingBox())?.y).toBeLessThan(450);
    const marked = rows.filter((row) => /^#{1,3} /m.test(row.prompt.slice(0, 300))).slice(0, 3);
    for (const [index, row] of marked.entries()) {
      await share(page, row.prompt, `Counterattacks ${index} ${word}`);
    }
    await page.goto(`/central?q=${word}&sort=newest`);
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(3);
    const report = await page.evaluate(() =>
      [...document.querySelectorAll("article")].map((article) => {
        const preview = article.querySelector("[data-preview]")?.textContent ?? "";
        const title = article.querySelector("h3");
        // A word split over two lines has two boxes.
        const split: string[] = [];
        for (const node of [title?.firstChild, ...(title?.childNodes ?? [])]) {
          if (!(node instanceof Text)) continue;
          for (const match of node.data.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            if (new Set([...range.getClientRects()].map((rect) => rect.top)).size > 1)
              split.push(match[0]);
          }
        }
        return { preview, split, titleFont: title ? getComputedStyle(title).font : "" };
      }),
    );
    for (const { preview, split } of report) {
      expect(preview).not.toMatch(/(^|\s)#{1,6}\s/);
      expect(preview).toMatch(/…$/);
      expect(preview).not.toMatch(/\s…$/);
      expect(split).toEqual([]);
    }
    expect(new Set(report.map((item) => item.titleFont)).size).toBe(1);
    for (const [index] of marked.entries()) {
      await expect(
        cards.getByRole("heading", { name: new RegExp(`Counterattacks ${index}`) }),
      ).toBeVisible();
    }
  });
});

test("cards in a row line up, and the highlights' titles look like the list's", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("rows") });
  const word = uniqueWord("row");
  for (const [index, text] of [
    `Short ${word}.`,
    agentRole,
    `${word} ${"word ".repeat(60)}`,
  ].entries()) {
    await share(page, text, `Row ${index} ${word}`);
  }
  await page.goto(`/central?q=${word}&sort=newest`);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(3);
  const boxes = await cards.evaluateAll((articles) =>
    articles.map((article) => {
      const box = article.getBoundingClientRect();
      const footer = article.querySelector("footer")?.getBoundingClientRect();
      const preview = article.querySelector("[data-preview]")?.getBoundingClientRect();
      return {
        top: box.top,
        height: box.height,
        footer: footer?.bottom ?? 0,
        preview: preview?.top ?? 0,
      };
    }),
  );
  expect(new Set(boxes.map((box) => box.top)).size).toBe(1);
  expect(new Set(boxes.map((box) => Math.round(box.height))).size).toBe(1);
  expect(new Set(boxes.map((box) => Math.round(box.footer))).size).toBe(1);
  // The previews start level and fill the card down to its footer, whatever their length.
  expect(boxes.every((box) => box.preview > 0)).toBe(true);
  expect(new Set(boxes.map((box) => Math.round(box.preview))).size).toBe(1);

  await page.goto("/central");
  const fonts = await page.getByRole("article").evaluateAll((articles) =>
    articles.map((article) => {
      const title = article.querySelector("h3");
      return title ? getComputedStyle(title).font : "no title heading";
    }),
  );
  expect(fonts.length).toBeGreaterThanOrEqual(3);
  expect(fonts).not.toContain("no title heading");
  expect(new Set(fonts).size).toBe(1);
});

test("a star's accessible name holds the count it shows, so it can be asked for by what it reads", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("star-name"), name: "Star Name" });
  const useCase = uniqueWord("Starcount");
  await share(page, "A prompt whose star shows how many starred it.", useCase);
  await openCentral(page, `/central?q=${useCase}`);
  const star = page.getByRole("button", { name: new RegExp(`^Star ${useCase}`) });
  await expect(star).toHaveAccessibleName(`Star ${useCase} (0 stars)`);
  await expect(star).toHaveText("0");
  await star.click();
  await expect(
    page.getByRole("button", { name: new RegExp(`^Unstar ${useCase}`) }),
  ).toHaveAccessibleName(`Unstar ${useCase} (1 star)`);
  // Label in name (WCAG 2.5.3) is among axe's experimental rules, off unless asked for.
  const rule = "label-content-name-mismatch";
  const results = await new AxeBuilder({ page })
    .options({ rules: { [rule]: { enabled: true } } })
    .withRules([rule])
    .include(".star-button")
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  expect(results.passes.map((pass) => pass.id)).toEqual([rule]);
});

test("in a search, Show more marks the term in the whole text, and only matching new prompts join", async ({
  page,
}) => {
  const word = uniqueWord("whole");
  await signIn(page, { email: uniqueEmail("whole-marks") });
  // The term lies thousands of characters in: the list has only the words around it.
  await share(page, `${agentRole}\n\nFinally run ${word} once.`, `Agent ${word}`);
  await openCentral(page, `/central?q=${word}&sort=newest`);
  const results = page.getByRole("region", { name: "Community Prompts" }).getByRole("article");
  const card = results.filter({ hasText: `Agent ${word}` });
  await expect(card.locator("[data-preview] mark")).toHaveText([word]);

  // The whole text, as the server read it for this search, with the term where it lies.
  await card.getByRole("button", { name: "Show more" }).click();
  await expect(card.locator("pre")).toContainText("## Task-Oriented Execution Model");
  await expect(card.locator("pre mark")).toHaveText([word]);
  await card.getByRole("button", { name: "Show less" }).click();
  await expect(card.locator("pre")).toHaveCount(0);

  // Shared meanwhile: the page asks the server about each for its search, and only the one that
  // matches joins the list.
  const elsewhere = `Elsewhere ${word.slice(0, -2)}`;
  const asked = new Set<string>();
  const bothAsked = new Promise<void>((resolve) => {
    page.on("response", async (res) => {
      if (!/\/api\/v1\/prompts\/[^/?]+\?q=/.test(res.url())) return;
      const { title } = (await res.json()) as { title: string };
      if (title === elsewhere || title === "Short and found") asked.add(title);
      if (asked.size === 2) resolve();
    });
  });
  await share(page, "Nothing to find in this one.", elsewhere);
  await share(page, `A short one about ${word}.`, "Short and found");
  await bothAsked;
  const found = results.filter({ hasText: "Short and found" });
  await expect(found).toBeVisible();
  await expect(found.locator("mark")).toHaveText([word]);
  await expect(results).toHaveCount(2);
});
