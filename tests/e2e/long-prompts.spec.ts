import type { Page } from "@playwright/test";
import { card } from "./support/prompts.ts";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

/**
 * A prompt as long as allowed (200,000 characters): lists carry only its start, and whatever
 * needs the whole text (Show more, Copy, Edit, Use template) fetches it when asked.
 */

const opening = "Plan the school trip for {{class|year five}} step by step.";
const ending = "Finish with a packing list for {{season}}.";

function longText() {
  const filler = " Check the bus times, the lunch and the weather before you go.";
  const start = `${opening}${filler.repeat(Math.ceil(200_000 / filler.length))}`;
  return `${start.slice(0, 200_000 - ending.length - 1)} ${ending}`;
}

async function createLongPrompt(page: Page, text: string) {
  const res = await page.request.post("/api/v1/prompts", {
    data: { promptText: text, useCase: "trips", shared: false },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Holds back the whole text's answer until the returned function is called, so the loading state
 * can be seen; answers after that pass at once (until the next hold, which is asked first).
 */
async function heldWholeText(page: Page, id: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/v1/prompts/${id}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a long prompt: the card has the excerpt; Show more, Copy and Edit use the whole text", async ({
  page,
  context,
}) => {
  // 200,000 characters go through the page, the clipboard and the form.
  test.slow();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, { email: uniqueEmail("long") });
  const whole = longText();
  const id = await createLongPrompt(page, whole);

  // The page carries the start of the text, not all of it.
  const response = await page.goto("/dashboard");
  const html = (await response?.text()) ?? "";
  expect(html.length).toBeLessThan(100_000);
  expect(html).not.toContain(ending);
  const long = card(page, "Plan the school trip");
  await expect(long).toContainText(opening);
  await expect(long).not.toContainText(ending);

  // Show more fetches the whole text, showing that it is loading.
  const release = await heldWholeText(page, id);
  await long.getByRole("button", { name: "Show more" }).click();
  await expect(long.getByRole("button", { name: "Loading..." })).toBeVisible();
  release();
  await expect(long).toContainText(ending);
  await expect(long.getByRole("button", { name: "Show less" })).toBeVisible();
  await long.getByRole("button", { name: "Show less" }).click();
  await expect(long).not.toContainText(ending);

  // Copy puts the whole text on the clipboard, and is counted.
  await page.reload();
  const counted = page.waitForRequest(
    (request) => request.method() === "POST" && request.url().endsWith(`/${id}/copies`),
  );
  const copy = long.getByRole("button", { name: /^Copy/ });
  const releaseCopy = await heldWholeText(page, id);
  await copy.click();
  await expect(copy).toHaveAttribute("aria-busy", "true");
  releaseCopy();
  await expectToast(page, "Copied to clipboard");
  await counted;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(whole);

  // Edit opens with the whole text; a change at the start keeps the rest intact. (The text is
  // as long as allowed, so the change replaces a word rather than adding any.)
  await page.reload();
  const edit = long.getByRole("button", { name: /^Edit/ });
  const releaseEdit = await heldWholeText(page, id);
  await edit.click();
  await expect(edit).toHaveAttribute("aria-busy", "true");
  releaseEdit();
  const textArea = page.getByLabel("Prompt", { exact: true });
  await expect(textArea).toHaveValue(whole);
  await textArea.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(0, 4));
  await page.keyboard.type("Book");
  const edited = `Book${whole.slice(4)}`;
  await expect(textArea).toHaveValue(edited);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Prompt updated successfully");
  await expect(card(page, "Book the school trip")).toBeVisible();
  const saved = await page.request.get(`/api/v1/prompts/${id}`);
  expect(((await saved.json()) as { promptText: string }).promptText).toBe(edited);
});

test("Use template fills the variables of the whole text", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, { email: uniqueEmail("longtemplate") });
  const whole = longText();
  const id = await createLongPrompt(page, whole);
  await page.reload();
  const release = await heldWholeText(page, id);

  await card(page, "Plan the school trip").getByRole("button", { name: "Use template" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Loading...")).toBeVisible();
  release();
  // The second variable is near the end of the text, far past what the card holds.
  await dialog.getByLabel("season").fill("winter");
  await dialog.getByLabel("class").fill("year six");
  const filled = whole.replace("{{class|year five}}", "year six").replace("{{season}}", "winter");
  await expect(dialog.getByLabel("Filled prompt")).toContainText(
    "Finish with a packing list for winter.",
  );
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expectToast(page, "Copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(filled);
});

test.describe("when the whole text cannot be fetched", () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource|net::ERR_FAILED/] });

  test("Show more, Copy and Edit tell the catalogue's notice and change nothing", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, { email: uniqueEmail("longfail") });
    const id = await createLongPrompt(page, longText());
    await page.reload();
    await page.route(`**/api/v1/prompts/${id}`, (route) => route.abort());
    const long = card(page, "Plan the school trip");

    await long.getByRole("button", { name: "Show more" }).click();
    await expectToast(page, "Error", "Failed to load prompts");
    await expect(long.getByRole("button", { name: "Show more" })).toBeVisible();
    await expect(long).not.toContainText(ending);

    await page.reload();
    await page.evaluate(() => navigator.clipboard.writeText("untouched"));
    await long.getByRole("button", { name: /^Copy/ }).click();
    await expectToast(page, "Failed to copy", "Please try again");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("untouched");

    await page.reload();
    await long.getByRole("button", { name: /^Edit/ }).click();
    await expectToast(page, "Error", "Failed to load prompts");
    await expect(page.getByRole("form", { name: "Edit Prompt" })).toHaveCount(0);
  });
});
