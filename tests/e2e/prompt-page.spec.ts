import { readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { promptPath } from "../../shared/public-address.ts";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

/** A real prompt with Markdown headings and lines of hundreds of characters, from the CC0 set. */
const row = (
  parse(readFileSync(new URL("../../seed/prompts.csv", import.meta.url)), {
    columns: true,
    max_record_size: 1_000_000,
  }) as { act: string; prompt: string }[]
).find(
  (candidate) =>
    candidate.prompt.includes("\n#") &&
    Math.max(...candidate.prompt.split("\n").map((line) => line.length)) > 600 &&
    candidate.prompt.length < 20_000,
);

/** Someone shares the prompt (the real one, unless given) from their own browser. */
async function sharedPromptPath(browser: Browser, prompt = row) {
  if (!prompt) throw new Error("no Markdown prompt with long lines in prompts.csv");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { email: uniqueEmail("sharer"), name: "Grace Hopper" });
  const res = await page.request.post("/api/v1/prompts", {
    data: { promptText: prompt.prompt, useCase: prompt.act, shared: true, confirm: true },
  });
  expect(res.status()).toBe(201);
  const made = (await res.json()) as { id: string; title: string };
  await context.close();
  return { path: promptPath(made), title: made.title, id: made.id };
}

for (const viewport of [
  { name: "phone", width: 375, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test(`on a ${viewport.name}, a long real prompt's page fits the window and passes axe`, async ({
    browser,
    page,
  }) => {
    const shared = await sharedPromptPath(browser);
    await page.setViewportSize(viewport);
    await page.goto(shared.path);
    await expect(page.getByRole("heading", { level: 1, name: shared.title })).toBeVisible();
    await expect(page.getByText(/^by Grace Hopper · Shared/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Version history" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    if (viewport.width < 400) {
      // The narrowest screen the site supports.
      await page.setViewportSize({ width: 320, height: 640 });
      const narrow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(narrow).toBe(0);
    }
    await expectAccessible(page);
    for (const theme of ["dark"]) {
      await page.emulateMedia({ colorScheme: theme as "dark" });
      await expectAccessible(page);
    }
  });
}

test("a visitor's Save to my library signs them in, comes back, and saves", async ({
  browser,
  page,
}) => {
  const shared = await sharedPromptPath(browser);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(shared.path);
  await page.getByRole("button", { name: "Save to my library" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome to PromptShelf" });
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveTitle("Development sign-in");
  const email = uniqueEmail("saver");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL((url) => url.pathname === shared.path && url.search === "");
  await expectToast(page, "Saved to your library");
  await expect(page.getByText("In your library")).toBeVisible();
  const mine = await page.request.get("/api/v1/prompts?scope=personal");
  const { items } = (await mine.json()) as { items: { savedFromId: string | null }[] };
  expect(items.map((item) => item.savedFromId)).toEqual([shared.id]);
});

test("an address carrying ?do=save from elsewhere saves nothing by itself", async ({
  browser,
  page,
}) => {
  const shared = await sharedPromptPath(browser);
  await signIn(page, { email: uniqueEmail("clicked") });
  await page.goto(`${shared.path}?do=save`);
  await expect(page).toHaveURL((url) => url.search === "");
  await expect(page.getByRole("button", { name: "Save to my library" })).toBeVisible();
  const mine = await page.request.get("/api/v1/prompts?scope=personal");
  expect(((await mine.json()) as { items: unknown[] }).items).toEqual([]);
});

test("a visitor copies the whole text; Use template opens its dialog once they are signed in", async ({
  browser,
  context,
  page,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const template = {
    act: "Cover note",
    prompt: "Write a cover note for {{role}} at {{company|Acme}}.",
  };
  const shared = await sharedPromptPath(browser, template);
  await page.goto(shared.path);
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expectToast(page, "Copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(template.prompt);

  await page.getByRole("button", { name: "Use template" }).click();
  await page
    .getByRole("dialog", { name: "Welcome to PromptShelf" })
    .getByRole("button", { name: "Continue with Google" })
    .click();
  await page.getByLabel("Email").fill(uniqueEmail("filler"));
  await page.getByRole("button", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Use template: Cover note" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === shared.path && url.search === "");
  await dialog.getByLabel("role").fill("editor");
  await expect(dialog.getByLabel("Filled prompt")).toHaveText(
    "Write a cover note for editor at Acme.",
  );
  await expectAccessible(page);
});

test("a community card's title leads to the prompt's public page", async ({ page }) => {
  await signIn(page, { email: uniqueEmail("reader") });
  const useCase = `Card link ${Date.now()}`;
  const res = await page.request.post("/api/v1/prompts", {
    data: { promptText: "Summarise the meeting notes in five bullets.", useCase, shared: true },
  });
  expect(res.status()).toBe(201);
  const made = (await res.json()) as { id: string; title: string };
  await page.goto(`/community?q=${encodeURIComponent(useCase)}`);
  await page.getByRole("article", { name: useCase }).getByRole("link", { name: useCase }).click();
  await expect(page).toHaveURL((url) => url.pathname === promptPath(made));
  await expect(page.getByRole("heading", { level: 1, name: useCase })).toBeVisible();
});
