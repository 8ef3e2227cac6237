import type { Page } from "@playwright/test";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

/**
 * The privacy check before sharing: a prompt holding an AWS key stops at the privacy dialog,
 * which marks the key and lets the person remove it, share anyway or go back; and the notice of
 * a near-duplicate after saving.
 */

/** An access key id in AWS's real format: not AWS's documented example, which is let through. */
const awsKey = "AKIAZ3MSJV4WWXKPQF7Q";

/** The shared prompt's card: among the highlights' Fresh today, and so not again in the list. */
function listed(page: Page, word: string) {
  return page.getByRole("article").filter({ hasText: word });
}

async function shareWithKey(page: Page, word: string) {
  await page.goto("/central");
  await page.getByRole("button", { name: "Share Prompt" }).click();
  await page
    .getByLabel("Prompt", { exact: true })
    .fill(`Audit the ${word} bucket with access key ${awsKey} and list public objects.`);
  await page.getByRole("button", { name: "Share Prompt" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Check before sharing" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("sharing a prompt holding an AWS key stops at the privacy dialog; Remove and share shares it without the key", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("privacy") });
  const word = `harbour${Date.now()}`;
  const dialog = await shareWithKey(page, word);
  await expect(dialog.getByRole("listitem")).toHaveText([/^AWS access key: AKIAZ•••7Q$/]);
  await expect(dialog.locator("mark")).toHaveText(awsKey);
  // Nothing was shared while the dialog asks.
  expect(await page.request.get(`/api/v1/prompts?q=${word}`).then((res) => res.json())).toEqual(
    expect.objectContaining({ items: [] }),
  );

  await dialog.getByRole("button", { name: "Remove and share" }).click();
  await expectToast(page, "Prompt shared with the community");
  await expect(listed(page, word)).toContainText("with access key [REDACTED] and list");
  await expect(listed(page, word)).not.toContainText(awsKey);
});

test("Share anyway shares the text as it is; Cancel and Escape go back to the form, sharing nothing", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("privacy") });
  const word = `quay${Date.now()}`;
  let dialog = await shareWithKey(page, word);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  // Back in the form, with the text as it was typed and focus where the person was typing.
  await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(new RegExp(awsKey));

  await page.getByRole("button", { name: "Share Prompt" }).click();
  dialog = page.getByRole("alertdialog", { name: "Check before sharing" });
  await expect(dialog).toBeVisible();
  // The safe choice has focus first, and Escape takes it.
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(
    (await page.request.get(`/api/v1/prompts?q=${word}`).then((res) => res.json())).items,
  ).toEqual([]);

  await page.getByRole("button", { name: "Share Prompt" }).click();
  await page
    .getByRole("alertdialog", { name: "Check before sharing" })
    .getByRole("button", { name: "Share anyway" })
    .click();
  await expectToast(page, "Prompt shared with the community");
  await expect(listed(page, word)).toContainText(awsKey);
});

test("the privacy dialog has no accessibility violations in light and dark, and fits a 320 px screen", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("privacy") });
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const dialog = await shareWithKey(page, `axe${theme}`);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
  await page.setViewportSize({ width: 320, height: 640 });
  const dialog = await shareWithKey(page, "narrow");
  const box = await dialog.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(320);
  for (const name of ["Remove and share", "Share anyway", "Cancel"]) {
    await expect(dialog.getByRole("button", { name })).toBeInViewport();
  }
  await expectAccessible(page);
});

test("saving a prompt much like one already in your library says so, with a link to it", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("similar") });
  const original =
    "I want you to act as a linux terminal. I will type commands and you will reply with what the terminal should show. Only reply with the terminal output inside one code block. My first command is pwd";
  const res = await page.request.post("/api/v1/prompts", {
    data: { promptText: original, useCase: "Linux Terminal", shared: false },
  });
  expect(res.status()).toBe(201);
  await page.goto("/personal");
  await page.getByRole("button", { name: "Add Prompt" }).click();
  await page
    .getByLabel("Prompt", { exact: true })
    .fill(original.replace("pwd", "ls -la").replace("linux", "Linux"));
  await page.getByRole("button", { name: "Save Prompt" }).click();
  await expectToast(page, "Prompt added to your personal collection");
  const notice = page.getByRole("status").filter({ hasText: "Similar to" });
  await expect(notice).toHaveText(/Similar to “Linux Terminal” in your library\./);
  await expectAccessible(page);
  await notice.getByRole("link", { name: "“Linux Terminal”" }).click();
  await expect(page).toHaveURL(/\/personal\?q=Linux%20Terminal$/);
  await expect(page.getByRole("article", { name: "Linux Terminal" })).toBeVisible();
});

test.describe("an import", () => {
  // The refused preview is a 422 the browser reports as a failed resource.
  test.use({ allowedConsoleErrors: [/status of 422/] });

  test("an import that would share a key says which prompt holds it, and imports only when told to share anyway", async ({
    page,
  }) => {
    await signIn(page, { email: uniqueEmail("import") });
    const word = `jetty${Date.now()}`;
    const file = JSON.stringify({
      format: "promptshelf-library",
      prompts: [
        { promptText: `Tidy the ${word} notes`, shared: true },
        { promptText: `Rotate the ${word} key ${awsKey} tonight`, shared: true },
      ],
    });
    await page.goto("/settings");
    await page.getByLabel("Choose a file to import").setInputFiles({
      name: "library.json",
      mimeType: "application/json",
      buffer: Buffer.from(file),
    });
    await expect(page.getByRole("alert")).toHaveText(
      /^This would share what looks like private data: Prompt 2: AWS access key \(AKIAZ•••7Q\)\..*Nothing was saved\.$/,
    );
    await expect(page.getByRole("button", { name: "Import 2 prompts" })).toHaveCount(0);
    await page.getByRole("button", { name: "Share them anyway" }).click();
    await page.getByRole("button", { name: "Import 2 prompts" }).click();
    await expectToast(page, "Imported 2 prompts");
    const shared = await page.request.get(`/api/v1/prompts?q=${word}`).then((res) => res.json());
    expect(shared.items).toHaveLength(2);
  });
});

test("editing the key out of a shared prompt offers to purge the earlier versions that hold it", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("privacy"), name: "Kim Keeper" });
  const word = `wharf${Date.now()}`;
  const made = await page.request.post("/api/v1/prompts", {
    data: {
      promptText: `Audit the ${word} bucket with access key ${awsKey} and list public objects.`,
      useCase: word,
      shared: true,
      confirm: true,
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  await page.goto(`/central?q=${word}`);
  const card = page.getByRole("article", { name: word }).first();
  await card.getByRole("button", { name: `Edit ${word}` }).click();
  const form = page.getByRole("form", { name: /Edit/ });
  await form
    .getByLabel("Prompt", { exact: true })
    .fill(`Audit the ${word} bucket with the key from the vault and list public objects.`);
  await form.getByRole("button", { name: "Save Changes" }).click();
  const offer = page.getByRole("alertdialog", { name: "Purge what you took out?" });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole("listitem")).toHaveText([/^AWS access key: AKIAZ•••7Q$/]);
  await expect(offer.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await offer.getByRole("button", { name: "Purge earlier versions that contain it" }).click();
  await expectToast(page, "Purged version 1");
  const history = await page.request
    .get(`/api/v1/prompts/${id}/versions`)
    .then((res) => res.json());
  expect(history.versions).toEqual([
    expect.objectContaining({ number: 2, purged: null }),
    expect.objectContaining({
      number: 1,
      purged: expect.objectContaining({ byName: "Kim Keeper" }),
    }),
  ]);
  expect(await (await page.request.get(`/api/v1/prompts/${id}/versions/1`)).text()).not.toContain(
    awsKey,
  );
});

test("a public collection's description and a public profile's display name stop at the same privacy dialog", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("privacy") });
  const address = "jane.roe@gmail.com";
  await page.goto("/collections");
  const form = page.getByRole("region", { name: "New collection" });
  await form.getByLabel("Title").fill("Support answers");
  await form.getByLabel(/Description/).fill(`Questions go to ${address}`);
  await form.getByLabel(/Public/).check();
  await form.getByRole("button", { name: "Create collection" }).click();
  let dialog = page.getByRole("alertdialog", { name: "Check before sharing" });
  await expect(dialog.getByRole("listitem")).toHaveText([/^Email address in the description: /]);
  await expect(dialog.locator("mark")).toHaveText(address);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Remove and share" }).click();
  await expectToast(page, "Created Support answers");
  const collections = await page.request.get("/api/v1/collections").then((res) => res.json());
  expect(collections[0]).toMatchObject({ description: "Questions go to [REDACTED]" });

  await page.goto("/settings");
  await page.getByLabel("Show my public profile").check();
  await page.getByLabel("Handle").fill(`jr${Date.now().toString(36)}`);
  await page.getByLabel("Display name").fill(address);
  await page.getByRole("button", { name: "Save profile" }).click();
  dialog = page.getByRole("alertdialog", { name: "Check before sharing" });
  await expect(dialog.getByRole("listitem")).toHaveText([/^Email address in the display name: /]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Save profile" })).toBeFocused();
  const profile = await page.request.get("/api/v1/profile").then((res) => res.json());
  expect(profile.displayName).not.toBe(address);
});
