import { writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { card, createPrompts } from "./support/prompts.ts";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

/**
 * Dialogs and small actions: name dialogs that start from the right text, a
 * save that is done once and shows, an import that tells repeats from what you have, a prompt
 * too long said to be so, tags that say why they were not added, Escape on the form, and a
 * topic page's form that keeps the topic.
 */

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Library" });

test("the folder and tag name dialogs open with the right name each time", async ({ page }) => {
  await signIn(page, { email: uniqueEmail("names") });
  await createPrompts(page, ["Tag me"]);
  await page.reload();

  await sidebar(page).getByRole("button", { name: "New folder" }).click();
  await page.getByLabel("Folder name").fill("Work");
  await page.getByRole("button", { name: "Create folder" }).click();
  await expectToast(page, "Created Work");

  // A new folder starts empty, not with the last name typed.
  await sidebar(page).getByRole("button", { name: "New folder" }).click();
  await expect(page.getByLabel("Folder name")).toHaveValue("");
  await page.getByLabel("Folder name").fill("Half typed");
  await page.getByRole("button", { name: "Cancel" }).click();

  // Rename starts from the folder's name.
  await page.getByRole("button", { name: "Folder actions for Work" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await expect(page.getByRole("dialog", { name: "Rename folder" })).toBeVisible();
  await expect(page.getByLabel("Folder name")).toHaveValue("Work");
  await page.getByLabel("Folder name").fill("Clients");
  await page.getByRole("button", { name: "Rename" }).click();
  await expectToast(page, "Folder renamed");

  await sidebar(page).getByRole("button", { name: "New folder" }).click();
  await expect(page.getByLabel("Folder name")).toHaveValue("");
  await page.keyboard.press("Escape");

  // So does renaming a tag.
  await card(page, "Tag me")
    .getByRole("button", { name: /^Add a tag/ })
    .click();
  await card(page, "Tag me").getByRole("combobox").fill("drafts");
  await card(page, "Tag me").getByRole("combobox").press("Enter");
  await expect(card(page, "Tag me").getByText("#drafts")).toBeVisible();
  await sidebar(page).getByRole("button", { name: "Tag actions for drafts" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await expect(page.getByLabel("Tag name")).toHaveValue("drafts");
});

test("saving a community prompt once: it shows as in your library, and saving again adds nothing", async ({
  page,
  browser,
}) => {
  const word = `harbour${Date.now()}`;
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await signIn(author, { email: uniqueEmail("author") });
  await createPrompts(author, [`Sketch the ${word} at low tide`], true);
  await authorContext.close();

  await signIn(page, { email: uniqueEmail("keeper") });
  await page.goto(`/central?q=${word}`);
  const shared = card(page, word);
  await shared.getByRole("button", { name: "Save to my library" }).click();
  await expectToast(page, "Saved to your library");
  await expect(shared.getByText("In your library")).toBeVisible();
  await expect(shared.getByRole("button", { name: "Save to my library" })).toHaveCount(0);

  // After a reload (the signed-in page may be answered from memory) it still shows.
  await page.reload();
  await expect(card(page, word).getByText("In your library")).toBeVisible();
  await expect(card(page, word).getByRole("button", { name: "Save to my library" })).toHaveCount(0);

  // Saving again, as another tab still showing the button would, answers the same copy.
  const found = await page.request.get(`/api/v1/prompts?scope=community&q=${word}`);
  const sharedId = ((await found.json()) as { items: { id: string }[] }).items[0]?.id;
  const again = await page.request.post(`/api/v1/prompts/${sharedId}/save`);
  expect(again.status()).toBe(200);
  await page.goto("/dashboard");
  await expect(card(page, word)).toHaveCount(1);
});

test.describe("importing", () => {
  test("repeats within the file are told apart from prompts already in the library", async ({
    page,
  }, info) => {
    await signIn(page, { email: uniqueEmail("repeats") });
    await page.goto("/settings");
    const file = info.outputPath("repeats.csv");
    await writeFile(
      file,
      "act,prompt\na,Write a haiku\nb,Write a haiku\nc,Write a limerick\nd,Write a haiku\n",
    );
    await page.getByLabel("Choose a file to import").setInputFiles(file);
    await expect(page.getByText("Ready to import")).toBeVisible();
    const figure = (term: string) =>
      page.getByRole("term").filter({ hasText: term }).locator("xpath=following-sibling::dd[1]");
    await expect(figure("Repeated in the file")).toHaveText("2");
    await expect(figure("Already in your library")).toHaveText("0");
    await page.getByRole("button", { name: "Import 2 prompts" }).click();
    await expectToast(page, "Imported 2 prompts", "Skipped: 2 repeated in the file.");

    // The same file again: the same two repeats in it, and the other two in the library now;
    // nothing to add, and the button says why it cannot be pressed.
    await page.getByLabel("Choose a file to import").setInputFiles(file);
    await expect(figure("Already in your library")).toHaveText("2");
    await expect(figure("Repeated in the file")).toHaveText("2");
    const nothing = page.getByRole("button", { name: "Import 0 prompts" });
    await expect(nothing).toBeDisabled();
    await expect(nothing).toHaveAccessibleDescription(
      "Nothing to add: every prompt in this file is already in your library or repeated in it.",
    );
    await expectAccessible(page);
  });
});

test("a prompt past 200,000 characters is said to be too long, and stays in the form", async ({
  page,
}) => {
  test.slow();
  await signIn(page, { email: uniqueEmail("toolong") });
  const text = `Start. ${"Too long to keep. ".repeat(Math.ceil(210_000 / 18))}`.slice(0, 210_000);
  await page.getByRole("button", { name: "Add Prompt" }).click();
  const field = page.getByLabel("Prompt", { exact: true });
  await field.fill(text);
  await page.getByRole("button", { name: "Save Prompt" }).click();
  await expectToast(page, "Prompt too long", "at most 200,000 characters");
  await expect(page.getByText("This one has 210,000.")).toBeVisible();
  expect(await field.evaluate((element: HTMLTextAreaElement) => element.value.length)).toBe(
    210_000,
  );
  await expect(page.getByRole("form", { name: "Add a personal prompt" })).toBeVisible();

  // Cut to the limit, it saves.
  await field.fill(text.slice(0, 200_000));
  await page.getByRole("button", { name: "Save Prompt" }).click();
  await expectToast(page, "Prompt added to your personal collection");
});

test("a tag that cannot be added says why and keeps what was typed", async ({ page }) => {
  await signIn(page, { email: uniqueEmail("tagwhy") });
  await createPrompts(page, ["Cold email to a lead"]);
  await page.reload();
  const prompt = card(page, "Cold email");
  const addTag = async (name: string) => {
    await prompt.getByRole("button", { name: /^Add a tag/ }).click();
    await prompt.getByRole("combobox").fill(name);
    await prompt.getByRole("combobox").press("Enter");
  };

  const long = "a-tag-name-that-is-far-too-long-to-keep";
  await addTag(long);
  await expect(prompt.getByRole("alert")).toHaveText("Tags are at most 32 characters");
  await expect(prompt.getByRole("combobox")).toHaveValue(long);
  await prompt.getByRole("combobox").fill("email");
  await prompt.getByRole("combobox").press("Enter");
  await expect(prompt.getByText("#email")).toBeVisible();

  await addTag("Email");
  await expect(prompt.getByRole("alert")).toHaveText("This prompt already has the tag #email");
  await expect(prompt.getByRole("combobox")).toHaveValue("Email");
});

test("Escape closes the add form, asking first when something was typed", async ({ page }) => {
  await signIn(page, { email: uniqueEmail("escape") });
  const form = page.getByRole("form", { name: "Add a personal prompt" });

  await page.getByRole("button", { name: "Add Prompt" }).click();
  await expect(form).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(form).toHaveCount(0);

  await page.getByRole("button", { name: "Add Prompt" }).click();
  await page.getByLabel("Prompt", { exact: true }).fill("Half a thought");
  await page.keyboard.press("Escape");
  const ask = page.getByRole("alertdialog", { name: "Discard your changes?" });
  await expect(ask).toBeVisible();
  await expectAccessible(page);
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("Half a thought");
  await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();

  await page.keyboard.press("Escape");
  await ask.getByRole("button", { name: "Discard" }).click();
  await expect(form).toHaveCount(0);
});

test("a topic page's share form keeps the topic", async ({ page }) => {
  const word = `rubric${Date.now()}`;
  await signIn(page, { email: uniqueEmail("topicform") });
  await page.goto("/llm-prompts");
  await page.getByRole("button", { name: "Share Prompt" }).click();
  await expect(page.getByLabel("Use case")).toHaveCount(0);
  const topic = page.getByLabel("Topic", { exact: true });
  await expect(topic).toHaveValue("llm");
  await expect(topic).not.toBeEditable();
  await page.getByLabel("Prompt", { exact: true }).fill(`Score these answers with a ${word}`);
  await page.getByRole("button", { name: "Share Prompt" }).click();
  await expectToast(page, "Prompt shared with the community");
  await page.reload();
  await expect(card(page, word)).toContainText("llm");
});
