import type { Locator, Page } from "@playwright/test";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

/** A prompt's history and a saved copy that follows its original, driven as a person would. */

function uniqueWord(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function editOnCard(page: Page, card: Locator, title: string, text: string, note = "") {
  await card.getByRole("button", { name: `Edit ${title}` }).click();
  const form = page.getByRole("form", { name: /Edit/ });
  await form.getByLabel("Prompt").fill(text);
  if (note) await form.getByLabel(/What changed/).fill(note);
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(form).toBeHidden();
  await expect(card.getByText(text)).toBeVisible();
}

test("three versions of a prompt: compare the first with the third, restore the first as a fourth", async ({
  page,
}) => {
  const title = uniqueWord("Notes");
  await signIn(page, { email: uniqueEmail("historian") });
  const created = await page.request.post("/api/v1/prompts", {
    data: { promptText: "Write short release notes for the team.", useCase: title, shared: false },
  });
  expect(created.status()).toBe(201);
  await page.goto("/personal");
  const card = page.getByRole("article", { name: title });
  await expect(card.getByRole("button", { name: /history of/ })).toHaveCount(0);

  await editOnCard(page, card, title, "Write friendly release notes for the team.");
  await editOnCard(
    page,
    card,
    title,
    "Write friendly release notes for the whole company.",
    "for everyone now",
  );
  await card.getByRole("button", { name: `edited · 3 versions: history of ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `History: ${title}` });
  await expect(dialog.getByRole("listitem")).toHaveCount(3);
  await expect(dialog.getByText("“for everyone now”")).toBeVisible();

  await dialog.getByLabel("Compare").selectOption({ label: "Version 1" });
  await dialog.getByLabel("with").selectOption({ label: "Version 3 (current)" });
  const older = dialog.getByRole("region", { name: "Version 1" });
  const newer = dialog.getByRole("region", { name: "Version 3 (current)" });
  await expect(older.locator("del")).toHaveText(["[removed: short]", "[removed: team]"]);
  await expect(newer.locator("ins")).toHaveText(["[added: friendly]", "[added: whole company]"]);
  // What a screen reader hears is what the eye sees: the marks are inside the changed words.
  await expect(older).toContainText("Write [removed: short] release notes");
  await expect(dialog.getByText("3 words added, 2 words removed.")).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "light" });

  await dialog.getByRole("button", { name: "Restore version 1" }).click();
  await expectToast(
    page,
    "Restored version 1",
    "It is now version 4; every earlier version is kept.",
  );
  await expect(dialog.getByRole("listitem")).toHaveCount(4);
  await expect(dialog.getByRole("listitem").first()).toContainText(
    "Version 4 (current) · restored from version 1",
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(card.getByText("Write short release notes for the team.")).toBeVisible();
  await expect(
    card.getByRole("button", { name: `edited · 4 versions: history of ${title}` }),
  ).toBeFocused();
});

test("a saved copy follows its original: one click while unedited, a choice once edited", async ({
  page,
  browser,
}) => {
  const word = uniqueWord("Standup");
  const author = await browser.newPage();
  await signIn(author, { email: uniqueEmail("author") });
  const shared = await author.request.post("/api/v1/prompts", {
    data: { promptText: `Summarise the ${word} meeting.`, useCase: word, shared: true },
  });
  expect(shared.status()).toBe(201);
  const original = (await shared.json()) as { id: string };
  const changeOriginal = async (promptText: string) =>
    expect(
      (
        await author.request.patch(`/api/v1/prompts/${original.id}`, { data: { promptText } })
      ).status(),
    ).toBe(200);

  await signIn(page, { email: uniqueEmail("reader") });
  await page.goto(`/central?q=${word}`);
  await page
    .getByRole("article", { name: word })
    .getByRole("button", { name: "Save to my library" })
    .click();
  await expectToast(page, "Saved to your library", "Edit your copy in My Prompts.");
  await author.goto(`/central?q=${word}`);
  await expect(author.getByRole("article", { name: word })).toContainText("saved by 1");

  // The original changes; the unedited copy takes the new text in one click.
  await changeOriginal(`Summarise the ${word} meeting in five bullets.`);
  await page.goto("/personal");
  const copy = page.getByRole("article", { name: word });
  await copy.getByRole("button", { name: "Original updated" }).click();
  let dialog = page.getByRole("dialog", { name: `Original updated: ${word}` });
  await expect(
    dialog.getByRole("region", { name: "The original now (version 2)" }).locator("ins"),
  ).toHaveText([/^\[added:\s+in five bullets\]$/]);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Update my copy" }).click();
  await expectToast(page, "Your copy is up to date", "It now says what the original says.");
  await expect(copy.getByText(`Summarise the ${word} meeting in five bullets.`)).toBeVisible();
  await expect(copy.getByRole("button", { name: "Original updated" })).toHaveCount(0);

  // Both change: the person sees the two side by side and chooses.
  await editOnCard(page, copy, word, `Summarise the ${word} meeting for the absent.`);
  await changeOriginal(`Summarise the ${word} meeting in three bullets.`);
  await page.reload();
  await copy.getByRole("button", { name: "Original updated" }).click();
  dialog = page.getByRole("dialog", { name: `Original updated: ${word}` });
  await expect(
    dialog.getByText("You edited your copy, and the original changed too."),
  ).toBeVisible();
  // Neither text came from the other: each marks the words only it has, nothing struck through.
  await expect(dialog.getByRole("region", { name: "Your copy" }).locator("mark")).toHaveText([
    "[only in your copy: for]",
    "[only in your copy: the]",
    "[only in your copy: absent]",
  ]);
  await expect(dialog.getByRole("region", { name: "The original now (version 3)" })).toContainText(
    "[only in the original: three]",
  );
  await dialog.getByRole("button", { name: "Use the original" }).click();
  await expectToast(page, "Your copy is up to date", "It now says what the original says.");
  await expect(copy.getByText(`Summarise the ${word} meeting in three bullets.`)).toBeVisible();
  // Its own text is not lost: it is the copy's previous version.
  await copy.getByRole("button", { name: /^edited · 4 versions: history of / }).click();
  dialog = page.getByRole("dialog", { name: `History: ${word}` });
  await expect(dialog.getByRole("region", { name: "Version 3" })).toContainText("absent");
});

for (const width of [320, 1280]) {
  test(`an earlier version purged from the history, by keyboard, at ${width} px: it shows who purged it and when, and nothing of it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const title = uniqueWord("Deploy");
    await signIn(page, { email: uniqueEmail("purger"), name: "Pat Purger" });
    const created = await page.request.post("/api/v1/prompts", {
      data: { promptText: "Deploy with the token tok-123 at hand.", useCase: title, shared: false },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const edited = await page.request.patch(`/api/v1/prompts/${id}`, {
      data: { promptText: "Deploy with the token from the vault.", note: "took the token out" },
    });
    expect(edited.status()).toBe(200);
    await page.goto("/personal");
    const card = page.getByRole("article", { name: title });
    await card.getByRole("button", { name: `edited · 2 versions: history of ${title}` }).click();
    const history = page.getByRole("dialog", { name: `History: ${title}` });
    await expect(history.getByRole("region", { name: "Version 1" })).toContainText("tok-123");
    // The current version offers no purge: it is edited instead.
    await expect(history.getByRole("button", { name: /^Purge version/ })).toHaveCount(1);
    const purge = history.getByRole("button", { name: "Purge version 1" });
    await expect(purge).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    // Asked first; Cancel is the first choice, and Escape takes it back to the button.
    await purge.focus();
    await page.keyboard.press("Enter");
    let confirm = page.getByRole("alertdialog", { name: "Purge version 1?" });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessible(page);
    for (const name of ["Cancel", "Purge version 1"]) {
      await expect(confirm.getByRole("button", { name })).toBeInViewport();
    }
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(purge).toBeFocused();

    await page.keyboard.press("Enter");
    confirm = page.getByRole("alertdialog", { name: "Purge version 1?" });
    await page.keyboard.press("Tab");
    await expect(confirm.getByRole("button", { name: "Purge version 1" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expectToast(page, "Purged version 1");
    await expect(confirm).toBeHidden();
    const purged = history.getByRole("listitem").filter({ hasText: "Version 1 purged by" });
    await expect(purged).toHaveText(/^Version 1 purged by Pat Purger on \w{3} \d{1,2}, \d{4}$/);
    await expect(purged).toBeFocused();
    await expect(history).not.toContainText("tok-123");
    // Nothing is left of it to compare or restore.
    await expect(history.getByLabel("Compare").locator("option")).toHaveText([
      "Version 2 (current)",
    ]);
    await expect(history.getByRole("button", { name: "Restore version 1" })).toHaveCount(0);
    await expectAccessible(page);
    const version = await page.request.get(`/api/v1/prompts/${id}/versions/1`);
    expect(await version.text()).not.toContain("tok-123");
  });
}
