import type { Page } from "@playwright/test";
import { promptPath } from "../../shared/public-address.ts";
import { realDataReader, realDataTest } from "./support/real-data-server.ts";
import { signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

/**
 * The smaller things issue 42 found: what a share form's button says, a folder's heading, the
 * shortcuts dialog's text, an empty collections page, a prompt page's Markdown, a collection
 * page's headings, and the list's columns on a wide screen.
 */

test("on /central, Share stands aside while its form is open, and the form's button says Share Prompt", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("sharer") });
  await page.goto("/central");
  await page.getByRole("button", { name: "Share Prompt" }).click();
  const form = page.getByRole("form", { name: "Share a prompt with the community" });
  await expect(form.getByLabel("Prompt", { exact: true })).toBeFocused();
  // Before: the form's own button said Save Prompt, and the header's Share Prompt stayed.
  await expect(form.getByRole("button", { name: "Share Prompt" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share Prompt" })).toHaveCount(1);
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Share Prompt" })).toBeVisible();
});

test("a folder's view is headed by the folder's name", async ({ page }) => {
  await signIn(page, { email: uniqueEmail("filer") });
  const made = await page.request.post("/api/v1/folders", { data: { name: "Client briefs" } });
  expect(made.status()).toBe(201);
  const folder = (await made.json()) as { id: string };
  await page.goto(`/dashboard?folder=${folder.id}`);
  // Before: "My Personal AI Prompts", whichever folder was open.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Client briefs");
});

test("the shortcuts dialog keeps each description left-aligned beside its keys", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("keys") });
  await page.goto("/dashboard");
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  const descriptions = dialog.locator("dd");
  await expect(descriptions.first()).toBeVisible();
  // Before: right-aligned, so a description that wrapped ragged on its left.
  const aligns = await descriptions.evaluateAll((elements) => [
    ...new Set(elements.map((element) => getComputedStyle(element).textAlign)),
  ]);
  expect(aligns).toEqual(["start"]);
});

test("an empty collections page shows its empty state, and no panel waiting for a choice", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("collector") });
  await page.goto("/collections");
  await expect(page.getByText("You have no collections yet.")).toBeVisible();
  // Before: a large "Choose a collection" panel beside it.
  await expect(page.getByRole("region", { name: "Selected collection" })).toHaveCount(0);
  await expect(page.getByText(/Choose a collection/)).toHaveCount(0);
});

/** Someone shares a prompt written in Markdown. */
async function shareMarkdown(page: Page) {
  await signIn(page, { email: uniqueEmail("writer") });
  const word = `Ledger${Date.now().toString(36)}`;
  const res = await page.request.post("/api/v1/prompts", {
    data: {
      promptText: `# Role\nYou audit the ${word} ledger.\n\n- check totals\n- check dates`,
      useCase: word,
      shared: true,
    },
  });
  expect(res.status()).toBe(201);
  return { word, prompt: (await res.json()) as { id: string; title: string } };
}

test("a prompt page shows Markdown as written, every line alike", async ({ page }) => {
  const { prompt } = await shareMarkdown(page);
  await page.goto(promptPath(prompt));
  const text = page.getByText("# Role");
  await expect(text).toBeVisible();
  // Before: "# Role" bold (600) and the items hanging, the markers shown: Markdown half-rendered.
  const weights = await text.evaluate((element) => [
    getComputedStyle(element).fontWeight,
    ...[...element.querySelectorAll("*")].map((child) => getComputedStyle(child).fontWeight),
  ]);
  expect(new Set(weights)).toEqual(new Set(["400"]));
  await expect(text).toContainText(`- check totals\n- check dates`);
});

test("a collection page's headings step down one level at a time", async ({ page }) => {
  const { word, prompt } = await shareMarkdown(page);
  const made = await page.request.post("/api/v1/collections", {
    data: { title: `Audits ${word}`, isPublic: true },
  });
  expect(made.status()).toBe(201);
  const collection = (await made.json()) as { id: string; path: string };
  const added = await page.request.post(`/api/v1/collections/${collection.id}/items`, {
    data: { promptId: prompt.id },
  });
  expect(added.status()).toBe(201);
  await page.goto(collection.path);
  await expect(page.getByRole("heading", { level: 1, name: `Audits ${word}` })).toBeVisible();
  // Before: the prompts' h3 came straight after the page's h1.
  const levels = await page
    .locator("main")
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(
    levels.every((level, i) => i === 0 || level <= (levels[i - 1] ?? 0) + 1),
    `${levels}`,
  ).toBe(true);
});

realDataTest(
  "at 1,920 px the list's cards keep room: no column narrower than 22rem",
  async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    await signIn(page, realDataReader);
    for (const path of ["/dashboard", "/central"]) {
      await page.goto(path);
      const cards = page
        .getByRole("region", { name: /Collection|Community Prompts/ })
        .getByRole("article");
      await expect(cards.first()).toBeVisible();
      // Before: three columns of 309 px beside the sidebar on /dashboard.
      const narrowest = await cards.evaluateAll((all) =>
        Math.min(...all.map((card) => card.getBoundingClientRect().width)),
      );
      expect(narrowest, path).toBeGreaterThanOrEqual(352);
    }
  },
);
