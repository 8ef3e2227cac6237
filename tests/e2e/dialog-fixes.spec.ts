import { expectToast, signIn, signInThroughPages, uniqueEmail } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

/**
 * What the dialogs say and show: the sign-in dialog's success notice, the privacy dialog's text
 * with its finding in view on a small phone, and a saved copy's conflict, where the person's own
 * words are theirs, not struck through as removed.
 */

test("signing in through the dialog says so: Welcome to PromptShelf!", async ({ page }) => {
  await signInThroughPages(page, { email: uniqueEmail("welcome") });
  // Before: only the session's "Welcome!" showed; the dialog's own notice never did.
  await expectToast(page, "Welcome to PromptShelf!", "Successfully signed in with Google.");
});

/** An access key id in AWS's real format, at the end of a long prompt. */
const awsKey = "AKIAZ3MSJV4WWXKPQF7Q";

test("320 × 640: the privacy dialog keeps the prompt's box tall, its finding in view, its choices on screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page, { email: uniqueEmail("narrow-privacy") });
  const word = `pier${Date.now()}`;
  const steps = Array.from(
    { length: 14 },
    (_, i) =>
      `${i + 1}. Check the ${word} bucket's policy number ${i + 1} and note who can read it.`,
  );
  await page.goto("/central");
  await page.getByRole("button", { name: "Share Prompt" }).click();
  const form = page.getByRole("form", { name: "Share a prompt with the community" });
  await form
    .getByLabel("Prompt", { exact: true })
    .fill(`${steps.join("\n")}\nUse the access key ${awsKey} for the audit.`);
  await form.getByRole("button", { name: /^(Save|Share) Prompt$/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Check before sharing" });
  const text = dialog.getByRole("region", { name: "In your prompt" });
  await expect(text.locator("mark")).toHaveText(awsKey);
  // Before: the box shrank to two lines (about 60 px) and the key, on its last line, was hidden.
  const box = await text.boundingBox();
  const mark = await text.locator("mark").boundingBox();
  if (!box || !mark) throw new Error("the dialog's text is not on screen");
  expect(box.height).toBeGreaterThanOrEqual(120);
  expect(mark.y).toBeGreaterThanOrEqual(box.y);
  expect(mark.y + mark.height).toBeLessThanOrEqual(box.y + box.height);
  // Nor is it scrolled out of sight by the dialog's own body.
  await expect(text.locator("mark")).toBeInViewport();
  for (const name of ["Cancel", "Share anyway", "Remove and share"]) {
    const button = await dialog.getByRole("button", { name }).boundingBox();
    expect(button && button.y + button.height, name).toBeLessThanOrEqual(640);
  }
});

test("an edited copy's conflict marks the person's own words as theirs, never as removed", async ({
  page,
  browser,
}) => {
  test.slow();
  const word = `Retro${Date.now().toString(36)}`;
  const author = await browser.newPage();
  await signIn(author, { email: uniqueEmail("author") });
  const shared = await author.request.post("/api/v1/prompts", {
    data: { promptText: `Summarise the ${word} meeting.`, useCase: word, shared: true },
  });
  expect(shared.status()).toBe(201);
  const original = (await shared.json()) as { id: string };

  await signIn(page, { email: uniqueEmail("reader") });
  const saved = await page.request.post(`/api/v1/prompts/${original.id}/save`);
  expect(saved.status()).toBeLessThan(300);
  const copy = (await saved.json()) as { id: string };
  const edited = await page.request.patch(`/api/v1/prompts/${copy.id}`, {
    data: { promptText: `Summarise the ${word} meeting for the absent.` },
  });
  expect(edited.status()).toBe(200);
  const changed = await author.request.patch(`/api/v1/prompts/${original.id}`, {
    data: { promptText: `Summarise the ${word} meeting in three bullets.` },
  });
  expect(changed.status()).toBe(200);

  await page.goto("/personal");
  await page
    .getByRole("article", { name: word })
    .getByRole("button", { name: "Original updated" })
    .click();
  const dialog = page.getByRole("dialog", { name: `Original updated: ${word}` });
  const mine = dialog.getByRole("region", { name: "Your copy" });
  const theirs = dialog.getByRole("region", { name: "The original now (version 2)" });
  await expect(mine).toContainText("absent");
  // Before: "for the absent" was struck through in red under "Your copy", as if removed.
  await expect(dialog.locator("del")).toHaveCount(0);
  await expect(mine.locator("mark")).toHaveText([
    "[only in your copy: for]",
    "[only in your copy: the]",
    "[only in your copy: absent]",
  ]);
  await expect(theirs.locator("mark")).toHaveText([
    "[only in the original: in]",
    "[only in the original: three]",
    "[only in the original: bullets]",
  ]);
  await expect(
    dialog.getByText("3 words only in your copy, 3 words only in the original."),
  ).toBeVisible();
});
