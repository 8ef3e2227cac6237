import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { projectRoot } from "../../server/project-root.ts";
import type { WholePrompt } from "../../shared/prompt.ts";
import { card } from "./support/prompts.ts";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

/**
 * "Open in": each assistant's link carries the whole prompt (or the filled template), opens a
 * new tab, and a prompt too long for a link goes to the clipboard instead. No test leaves this
 * machine: the assistants' sites are answered by a stub page.
 */

const rows = parse(readFileSync(join(projectRoot, "seed/prompts.csv"), "utf8"), {
  columns: true,
}) as { act: string; prompt: string }[];
function realPrompt(act: string) {
  const found = rows.find((row) => row.act === act)?.prompt;
  if (!found) throw new Error(`prompts.csv has no ${act}`);
  return found;
}
/** Markdown with "&", "#", "—", quotes and newlines; longer than a list's excerpt. */
const auditProtocol = realPrompt("Integrity & Compliance Officer Audit Protocol");
/** 12,000 characters: too long for any assistant's link. */
const shellAgent = realPrompt("Shell Script Agent Role");

/** Each assistant's address for a prompt, written out here rather than taken from the app. */
const expectedLinks = (text: string) => {
  const q = encodeURIComponent(text);
  return [
    ["ChatGPT", `https://chatgpt.com/?q=${q}`],
    ["Claude", `https://claude.ai/new?q=${q}`],
    ["Perplexity", `https://www.perplexity.ai/search?q=${q}`],
    ["Grok", `https://grok.com/?q=${q}`],
    ["Copilot", `https://copilot.microsoft.com/?q=${q}`],
  ] as const;
};

const assistantSites =
  /^https:\/\/(chatgpt\.com|claude\.ai|www\.perplexity\.ai|grok\.com|copilot\.microsoft\.com)\//;

/** The assistants' sites answer with a stub, so a click opens a tab without leaving the machine. */
async function stubAssistants(context: BrowserContext) {
  await context.route(assistantSites, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Assistant</title>" }),
  );
}

async function createPrompt(page: Page, data: { promptText: string; useCase: string }) {
  const res = await page.request.post("/api/v1/prompts", { data: { ...data, shared: false } });
  expect(res.status()).toBe(201);
  return (await res.json()) as WholePrompt;
}

test("a card's links carry a real prompt whole, open a new tab, and the menu works by keyboard", async ({
  page,
  context,
}) => {
  await stubAssistants(context);
  await signIn(page, { email: uniqueEmail("openin") });
  const created = await createPrompt(page, {
    promptText: auditProtocol,
    useCase: "Audit protocol",
  });
  // The library keeps the text as written, so the link must carry exactly this.
  expect(created.promptText).toBe(auditProtocol);
  await page.goto("/dashboard");
  const audit = card(page, "Audit protocol");
  const button = audit.getByRole("button", { name: "Open in an AI assistant: Audit protocol" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(audit.getByRole("link")).toHaveCount(0);

  // By keyboard: Enter opens the list (the whole text fetched first: the list had its start).
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const links = audit.getByRole("link");
  await expect(links).toHaveCount(5);
  for (const [index, [name, href]] of expectedLinks(auditProtocol).entries()) {
    const link = links.nth(index);
    await expect(link).toHaveAccessibleName(`Open in ${name}, in a new tab`);
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await page.keyboard.press("Tab");
  await expect(links.first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();

  // A click opens the assistant in a new tab with the prompt in its address, and closes the list.
  await button.click();
  const opened = context.waitForEvent("page");
  await audit.getByRole("link", { name: /Claude/ }).click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).searchParams.get("q")).toBe(auditProtocol);
  await tab.close();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // A click elsewhere closes it too.
  await button.click();
  await expect(links).toHaveCount(5);
  await page.getByRole("heading", { name: "My Prompts Collection" }).click();
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

test("a filled template opens in the assistant as filled, from the template dialog", async ({
  page,
  context,
}) => {
  await stubAssistants(context);
  await signIn(page, { email: uniqueEmail("openin-template") });
  await createPrompt(page, {
    promptText: "Write a {{tone|friendly}} note to {{recipient}} about {{topic}}.",
    useCase: "Note template",
  });
  await page.goto("/dashboard");
  await card(page, "Note template").getByRole("button", { name: "Use template" }).click();
  const dialog = page.getByRole("dialog", { name: "Use template: Note template" });
  await dialog.getByRole("textbox", { name: "recipient" }).fill("Zoë & the team");
  await dialog.getByRole("textbox", { name: "topic" }).fill("#launch + 50% off 🚀");
  const filled = "Write a friendly note to Zoë & the team about #launch + 50% off 🚀.";
  await expect(dialog.getByLabel("Filled prompt")).toHaveText(filled);

  const button = dialog.getByRole("button", {
    name: "Open in an AI assistant: Note template, filled in",
  });
  await button.click();
  for (const [name, href] of expectedLinks(filled)) {
    await expect(
      dialog.getByRole("link", { name: `Open in ${name}, in a new tab` }),
    ).toHaveAttribute("href", href);
  }
  expect(expectedLinks(filled)[0][1]).toBe(
    "https://chatgpt.com/?q=Write%20a%20friendly%20note%20to%20Zo%C3%AB%20%26%20the%20team%20about%20%23launch%20%2B%2050%25%20off%20%F0%9F%9A%80.",
  );
  // Changing a blank (which moves the focus away, so the list closes) changes the links.
  await dialog.getByRole("textbox", { name: "tone" }).fill("formal");
  await expect(dialog.getByRole("link")).toHaveCount(0);
  await button.click();
  await expect(dialog.getByRole("link", { name: /Perplexity/ })).toHaveAttribute(
    "href",
    expectedLinks(filled.replace("friendly", "formal"))[2][1],
  );

  const opened = context.waitForEvent("page");
  await dialog.getByRole("link", { name: /ChatGPT/ }).click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).searchParams.get("q")).toBe(filled.replace("friendly", "formal"));
  await tab.close();

  // In the dialog, the first Escape closes the list and the second the dialog.
  await button.click();
  await expect(dialog.getByRole("link")).toHaveCount(5);
  await page.keyboard.press("Escape");
  await expect(dialog.getByRole("link")).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a template's Open in on its card asks for its blanks first, and focus comes back to it", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("openin-card-template") });
  await createPrompt(page, {
    promptText: "Summarise {{source}} for a busy reader.",
    useCase: "Summary template",
  });
  await page.goto("/dashboard");
  const openIn = card(page, "Summary template").getByRole("button", {
    name: "Open in an AI assistant: Summary template",
  });
  await expect(openIn).toHaveAttribute("aria-haspopup", "dialog");
  await openIn.click();
  const dialog = page.getByRole("dialog", { name: "Use template: Summary template" });
  await expect(card(page, "Summary template").getByRole("link")).toHaveCount(0);
  await dialog.getByRole("textbox", { name: "source" }).fill("the minutes");
  await dialog
    .getByRole("button", { name: "Open in an AI assistant: Summary template, filled in" })
    .click();
  await expect(dialog.getByRole("link", { name: /ChatGPT/ })).toHaveAttribute(
    "href",
    expectedLinks("Summarise the minutes for a busy reader.")[0][1],
  );
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(openIn).toBeFocused();
});

test("a prompt too long for a link is copied, and the assistant opened empty for it to be pasted", async ({
  page,
  context,
}) => {
  await stubAssistants(context);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, { email: uniqueEmail("openin-long") });
  await createPrompt(page, { promptText: shellAgent, useCase: "Shell agent" });
  await page.goto("/dashboard");
  const shell = card(page, "Shell agent");
  await shell.getByRole("button", { name: /^Open in an AI assistant/ }).click();
  const claude = shell.getByRole("link", { name: /Claude/ });
  await expect(claude).toHaveAccessibleName(
    "Open in Claude, in a new tab, with the prompt copied to paste",
  );
  await expect(claude).toHaveAttribute("href", "https://claude.ai/new");
  await expect(shell.getByRole("link", { name: /ChatGPT/ })).toHaveAttribute(
    "href",
    "https://chatgpt.com/",
  );

  const opened = context.waitForEvent("page");
  await claude.click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe("https://claude.ai/new");
  await tab.close();
  await expectToast(page, "Prompt copied — paste it into Claude", "too long to send in a link");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shellAgent);

  // When the clipboard refuses, the notice says so, and the assistant still opens.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error("denied"));
  });
  await shell.getByRole("button", { name: /^Open in an AI assistant/ }).click();
  const openedAgain = context.waitForEvent("page");
  await shell.getByRole("link", { name: /Perplexity/ }).click();
  const perplexity = await openedAgain;
  await perplexity.waitForLoadState();
  expect(perplexity.url()).toBe("https://www.perplexity.ai/");
  await perplexity.close();
  await expectToast(
    page,
    "Failed to copy",
    "The prompt is too long to send in a link: copy it, then paste it into Perplexity.",
  );
});

for (const theme of ["light", "dark"] as const) {
  test(`${theme}: the open menu passes axe on a card, on a phone's card and in the template dialog`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, { email: uniqueEmail(`openin-${theme}`) });
    await createPrompt(page, { promptText: "Write a poem about the sea.", useCase: "Sea poem" });
    await createPrompt(page, { promptText: "Write a poem about {{topic}}.", useCase: "Poem" });
    await page.goto("/dashboard");
    const poem = card(page, "Sea poem");
    await poem.getByRole("button", { name: /^Open in an AI assistant/ }).click();
    await expect(poem.getByRole("link")).toHaveCount(5);
    await expectAccessible(page);

    // At 320 px the card's button is an icon, and neither it nor its list leaves the window.
    await page.setViewportSize({ width: 320, height: 800 });
    await expect(poem.getByRole("link")).toHaveCount(5);
    await expectAccessible(page);
    const list = await poem.getByRole("list").last().boundingBox();
    expect(list && list.x >= 0 && list.x + list.width <= 320).toBe(true);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);

    await page.keyboard.press("Escape");
    await card(page, "about {{topic}}").getByRole("button", { name: "Use template" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: /^Open in an AI assistant/ }).click();
    await expect(dialog.getByRole("link")).toHaveCount(5);
    await expectAccessible(page);
  });
}
