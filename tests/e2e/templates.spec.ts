import type { Page } from "@playwright/test";
import { card } from "./support/prompts.ts";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

/**
 * Richer templates: typed variables, snippets and built-ins in the fill-in dialog, values
 * remembered on the device, placeholders for blanks, and the prompt form's linter.
 */

async function savePrompt(page: Page, useCase: string, promptText: string) {
  const res = await page.request.post("/api/v1/prompts", {
    data: { promptText, useCase, shared: false },
  });
  expect(res.status()).toBe(201);
}

const coverNote =
  "Write a {{tone:choice(friendly,formal,playful)}} note of {{words:number|150}} words about {{topic}}.\nDetails:\n{{details:long}}\n{{> sign off}}";

test("a typed template with a snippet is filled by keyboard, shows its blanks, and is remembered", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, { email: uniqueEmail("typed"), name: "Ada Lovelace" });
  await savePrompt(page, "Sign off", "Thanks,\n{{me}}, {{today}}");
  await savePrompt(page, "Cover note", coverNote);
  await page.goto("/dashboard");
  const today = await page.evaluate(() => {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, "0");
    return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  });

  await card(page, "Cover note").getByRole("button", { name: "Use template" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Use template: Cover note" });
  const preview = dialog.getByLabel("Filled prompt");
  // Blanks show as marked placeholders; the snippet is expanded with its built-ins.
  await expect(preview).toHaveText(
    `Write a friendly note of 150 words about [topic].\nDetails:\n[details]\nThanks,\nAda Lovelace, ${today}`,
  );
  await expect(preview.locator("mark")).toHaveText(["[topic]", "[details]"]);
  await expect(dialog.getByText("Not filled in yet: topic, details.")).toBeVisible();

  // Each type has its own field: a select, a number, a text area.
  const tone = dialog.getByLabel("tone");
  await expect(tone).toHaveJSProperty("tagName", "SELECT");
  await tone.focus();
  await page.keyboard.press("ArrowDown");
  await expect(tone).toHaveValue("formal");
  await expect(dialog.getByLabel("words")).toHaveAttribute("type", "number");
  await dialog.getByLabel("words").focus();
  await page.keyboard.type("90");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("topic")).toBeFocused();
  await page.keyboard.type("the launch");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("details")).toBeFocused();
  await expect(dialog.getByLabel("details")).toHaveJSProperty("tagName", "TEXTAREA");
  await page.keyboard.type("First line");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Second line");
  const filled = `Write a formal note of 90 words about the launch.\nDetails:\nFirst line\nSecond line\nThanks,\nAda Lovelace, ${today}`;
  await expect(preview).toHaveText(filled);
  await expect(preview.locator("mark")).toHaveCount(0);

  await dialog.getByRole("button", { name: "Copy" }).click();
  await expectToast(page, "Copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(filled);

  // Opened again, even after a reload, the form is as it was left; Clear forgets it.
  await page.reload();
  await card(page, "Cover note").getByRole("button", { name: "Use template" }).click();
  await expect(dialog.getByLabel("topic")).toHaveValue("the launch");
  await expect(preview).toHaveText(filled);
  await dialog.getByRole("button", { name: "Clear" }).click();
  await expect(dialog.getByLabel("topic")).toHaveValue("");
  await expect(preview.locator("mark")).toHaveText(["[topic]", "[details]"]);
  await page.reload();
  await card(page, "Cover note").getByRole("button", { name: "Use template" }).click();
  await expect(dialog.getByLabel("topic")).toHaveValue("");
  await expect(dialog.getByLabel("tone")).toHaveValue("friendly");
});

test("snippets that loop or do not exist are refused, naming them", async ({ page }) => {
  await signIn(page, { email: uniqueEmail("loops") });
  await savePrompt(page, "Loop A", "a {{> Loop B}}");
  await savePrompt(page, "Loop B", "b {{> loop a}}");
  await savePrompt(page, "Dangling", "Start {{> Nowhere}}");
  await page.goto("/dashboard");
  await page
    .getByRole("article", { name: "Loop A", exact: true })
    .getByRole("button", { name: "Use template" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Use template: Loop A" });
  await expect(dialog.getByRole("alert")).toHaveText(
    "These snippets include each other in a loop: Loop A → Loop B → Loop A.",
  );
  await expect(dialog.getByRole("button", { name: "Copy" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await card(page, "Dangling").getByRole("button", { name: "Use template" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveText(
    "No prompt of yours is titled “Nowhere” (used in Dangling).",
  );
});

test("{{clipboard}} is read from the browser, and a refusal leaves a placeholder and says so", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, { email: uniqueEmail("clip") });
  await savePrompt(page, "Summarise", "Summarise this: {{clipboard}}");
  await page.goto("/dashboard");
  await page.evaluate(() => navigator.clipboard.writeText("the copied words"));
  await card(page, "Summarise").getByRole("button", { name: "Use template" }).click();
  const dialog = page.getByRole("dialog", { name: "Use template: Summarise" });
  await expect(dialog.getByLabel("Filled prompt")).toHaveText("Summarise this: the copied words");
  await page.keyboard.press("Escape");

  await page.evaluate(() => {
    navigator.clipboard.readText = () => Promise.reject(new Error("denied"));
  });
  await card(page, "Summarise").getByRole("button", { name: "Use template" }).click();
  await expect(
    dialog.getByText(
      "Your browser did not let PromptShelf read the clipboard: paste the text here.",
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel("Filled prompt").locator("mark")).toHaveText("[clipboard]");
  await dialog.getByLabel(/^clipboard/).fill("pasted by hand");
  await expect(dialog.getByLabel("Filled prompt")).toHaveText("Summarise this: pasted by hand");
});

test("a template that would fill past 1,000,000 characters says so, and cannot be copied", async ({
  page,
}) => {
  const tooLong =
    "Filled in, this prompt would be over 1,000,000 characters. Use shorter values, or fewer.";
  await signIn(page, { email: uniqueEmail("too-long") });
  // One long default used 5,000 times: 124 KB that filled would be 495 MB. (The default is given
  // last so that the card's excerpt holds a whole variable, which shows the Use template button.)
  await savePrompt(page, "Multiplied", `${"{{x}}".repeat(5_000)}{{x|${"a".repeat(99_000)}}}`);
  await savePrompt(page, "Twenty", "{{x|short}} ".repeat(20));
  await page.goto("/dashboard");

  await card(page, "Multiplied").getByRole("button", { name: "Use template" }).click();
  let dialog = page.getByRole("dialog", { name: "Use template: Multiplied" });
  await expect(dialog.getByRole("alert")).toHaveText(tooLong);
  await expect(dialog.getByLabel("Filled prompt")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Copy" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: /^Open in an AI assistant/ })).toBeDisabled();
  await page.keyboard.press("Escape");

  // A value typed counts each time it is used; a field takes at most 100,000 characters.
  await card(page, "Twenty").getByRole("button", { name: "Use template" }).click();
  dialog = page.getByRole("dialog", { name: "Use template: Twenty" });
  const field = dialog.getByLabel("x");
  await expect(field).toHaveJSProperty("maxLength", 100_000);
  await expect(dialog.getByRole("button", { name: "Copy" })).toBeEnabled();
  await field.fill("é".repeat(60_000));
  await expect(dialog.getByRole("alert")).toHaveText(tooLong);
  await expect(dialog.getByRole("button", { name: "Copy" })).toBeDisabled();
  await field.fill("é".repeat(40_000));
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Copy" })).toBeEnabled();
});

test("the prompt form lints as you type, and a finding selects its text", async ({ page }) => {
  await signIn(page, { email: uniqueEmail("lint") });
  await savePrompt(page, "Intro", "Hello there.");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Add Prompt" }).click();
  const field = page.getByLabel("Prompt", { exact: true });
  await expect(field).toBeFocused();
  await page.keyboard.type("Write {{words:numbr}} words after {{> intro}} and {{> Outro}}");
  const problems = page.getByRole("list", { name: "Template problems" });
  await expect(problems.getByRole("listitem")).toHaveText([
    "Line 1“numbr” is not a type: did you mean number? The types are number, long, choice(…), yesno, date and multi(…).",
    "Line 1No prompt of yours is titled “Outro”.",
  ]);
  await expect(page.getByText(/^≈ \d+ tokens$/)).toBeVisible();
  await expect(field).toHaveAttribute("aria-describedby", "prompt-lint");

  // From the field, Tab reaches the first finding; Enter selects the text it is about.
  await page.keyboard.press("Tab");
  await expect(problems.getByRole("button").first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(field).toBeFocused();
  expect(
    await field.evaluate((area: HTMLTextAreaElement) =>
      area.value.slice(area.selectionStart, area.selectionEnd),
    ),
  ).toBe("{{words:numbr}}");

  await field.fill("Write {{words:number}} words after {{> intro}}");
  await expect(problems).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`${theme}: the template dialog and the lint panel pass axe, at 320 px too`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, { email: uniqueEmail(`tpl-${theme}`) });
    await savePrompt(page, "Sign off", "Thanks, {{me}}");
    await savePrompt(page, "Cover note", coverNote);
    await page.goto("/dashboard");
    await card(page, "Cover note").getByRole("button", { name: "Use template" }).click();
    const dialog = page.getByRole("dialog", { name: "Use template: Cover note" });
    await expect(dialog.getByLabel("Filled prompt").locator("mark")).toHaveCount(2);
    await expectAccessible(page);
    await page.setViewportSize({ width: 320, height: 800 });
    await expectAccessible(page);
    // On a phone the dialog scrolls; nothing in it is squeezed to fit.
    const preview = await dialog.getByLabel("Filled prompt").boundingBox();
    expect(preview?.height).toBeGreaterThan(90);
    await dialog.getByRole("button", { name: "Copy" }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole("button", { name: "Copy" })).toBeInViewport();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Add Prompt" }).click();
    await page.getByLabel("Prompt", { exact: true }).fill("{{ }} and {{n:number|many}} {{topic");
    await expect(
      page.getByRole("list", { name: "Template problems" }).getByRole("listitem"),
    ).toHaveCount(3);
    await expectAccessible(page);
  });
}
