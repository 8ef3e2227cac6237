import type { Browser, Locator, Page } from "@playwright/test";
import { sequenceTimeoutMs, shortcuts } from "../../app/components/keyboard/shortcuts.ts";
import type { WholePrompt } from "../../shared/prompt.ts";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

/**
 * Keyboard first: the command palette (Ctrl/⌘+K) and every shortcut, driven by keys alone, and
 * none firing while the person types or has a dialog open.
 */

// Each test signs in, some twice, and walks through many steps; axe runs eight times in one.
test.describe.configure({ timeout: 90_000 });

function uniqueWord(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function addPrompt(
  page: Page,
  data: { promptText: string; useCase: string; shared?: boolean },
) {
  const res = await page.request.post("/api/v1/prompts", { data: { shared: false, ...data } });
  expect(res.status()).toBe(201);
  return (await res.json()) as WholePrompt;
}

/** Someone else, who shares a prompt with the community. */
async function shareAsSomeoneElse(browser: Browser, data: { promptText: string; useCase: string }) {
  const other = await browser.newPage();
  await signIn(other, { email: uniqueEmail("sharer"), name: "Sam Sharer" });
  await addPrompt(other, { ...data, shared: true });
  await other.context().close();
}

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
const paletteField = (page: Page) => palette(page).getByRole("combobox");
const shortcutsDialog = (page: Page) => page.getByRole("dialog", { name: "Keyboard shortcuts" });
const cards = (page: Page) => page.locator("main").getByRole("article");

/** Ctrl+K, once: a second press would close a palette that is slow to open. */
async function openPalette(page: Page) {
  await page.keyboard.press("Control+K");
  await expect(paletteField(page)).toBeFocused({ timeout: 10_000 });
}

/** Presses Tab until the element has focus (at most 20 times). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 20; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** Opens the palette, types, and runs the first option with Enter. */
async function runCommand(page: Page, typed: string, expected: string) {
  await openPalette(page);
  await page.keyboard.type(typed);
  await expect(palette(page).getByRole("option", { selected: true })).toContainText(expected);
  await page.keyboard.press("Enter");
  await expect(palette(page)).toBeHidden();
}

test("the palette finds your prompts and the community's as you type, marks the matches and copies by keyboard", async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const word = uniqueWord("zebra");
  await shareAsSomeoneElse(browser, {
    promptText: `Write a field guide entry on the ${word} of the savanna.`,
    useCase: `Guide ${word}`,
  });
  await signIn(page, { email: uniqueEmail("palette") });
  // Long enough that the list gives only its start: the copy must fetch the whole text.
  const longText = `Plan a ${word} safari for a family of four. ${"Pack light, start early. ".repeat(120)}`;
  await addPrompt(page, { promptText: longText, useCase: "Safari planner" });
  const searched: URLSearchParams[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/v1/palette") searched.push(url.searchParams);
  });
  await page.goto("/dashboard");

  await openPalette(page);
  await expect(palette(page).getByRole("status")).toHaveText(
    "Type to search your prompts and the community's.",
  );
  // Typed at a person's pace: earlier words' searches are overtaken by the last one's.
  await page.keyboard.type(word, { delay: 40 });
  const own = palette(page).getByRole("group", { name: "Your library" });
  const community = palette(page).getByRole("group", { name: "Community" });
  await expect(own.getByRole("option")).toHaveCount(1);
  await expect(own.getByRole("option")).toContainText("Safari planner");
  await expect(community.getByRole("option")).toHaveCount(1);
  await expect(community.getByRole("option")).toContainText(`Guide ${word}`);
  await expect(community.getByRole("option")).toContainText("Sam Sharer");
  await expect(own.locator("mark")).toHaveText([word]);
  await expect(community.locator("mark")).toHaveText([word, word]);
  await expect(palette(page).getByRole("status")).toHaveText("2 prompts found");
  // One request a search; the word is looked for among the own prompts the first letters found.
  expect(searched.length).toBeGreaterThan(1);
  expect(searched[0]?.has("within")).toBe(false);
  expect(searched.at(-1)?.get("q")).toBe(word);
  expect(searched.at(-1)?.get("within")).toBeTruthy();

  // Arrows move the selection; Enter copies the whole text, not the list's start of it.
  await expect(own.getByRole("option")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(community.getByRole("option")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(own.getByRole("option")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(palette(page)).toBeHidden();
  await expectToast(page, "Copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(longText);

  // Hostile and huge input is only text: nothing runs, nothing fails.
  page.on("dialog", (dialog) => {
    throw new Error(`a script opened a dialog: ${dialog.message()}`);
  });
  await openPalette(page);
  const hostile = `<img src=x onerror=alert(1)>${word}`;
  await page.keyboard.type(hostile);
  await expect(palette(page).getByRole("status")).toHaveText(`Nothing matches “${hostile}”.`);
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText("ä".repeat(600));
  await expect(palette(page).getByRole("status")).toHaveText(
    `Nothing matches “${"ä".repeat(500)}”.`,
  );
  // Ctrl+K closes it again, and focus goes back where it was.
  await page.keyboard.press("Control+K");
  await expect(palette(page)).toBeHidden();
});

test("the palette goes to pages, folders and tags, switches the theme, shows the shortcuts, starts a prompt and signs out", async ({
  page,
}) => {
  const word = uniqueWord("orchid");
  await signIn(page, { email: uniqueEmail("commands") });
  const prompt = await addPrompt(page, {
    promptText: "Water the orchids weekly.",
    useCase: "Garden",
  });
  const folder = (await (
    await page.request.post("/api/v1/folders", { data: { name: `Greenhouse ${word}` } })
  ).json()) as { id: string };
  expect(
    (
      await page.request.post(`/api/v1/prompts/${prompt.id}/tags`, { data: { name: word } })
    ).status(),
  ).toBe(204);
  await page.goto("/favourites");

  // A new prompt from a page without an Add button: the dashboard's form, ready to type in.
  await runCommand(page, "new prompt", "New prompt");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByLabel("Prompt", { exact: true })).toBeHidden();

  await runCommand(page, "go cent", "Central");
  await expect(page).toHaveURL(/\/central$/);
  await runCommand(page, `greenhouse ${word}`, `Greenhouse ${word}`);
  await expect(page).toHaveURL(`/dashboard?folder=${folder.id}`);
  await runCommand(page, `tags ${word}`, `#${word}`);
  await expect(page).toHaveURL(`/dashboard?tag=${word}`);
  await expect(cards(page)).toHaveCount(1);

  await runCommand(page, "dark", "Dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await runCommand(page, "theme light", "Light");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await runCommand(page, "theme system", "Same as the system");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);

  await runCommand(page, "keyboard", "Keyboard shortcuts");
  await expect(shortcutsDialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(shortcutsDialog(page)).toBeHidden();

  // Escape closes without doing anything.
  await openPalette(page);
  await page.keyboard.type("sign out");
  await page.keyboard.press("Escape");
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(`/dashboard?tag=${word}`);

  await runCommand(page, "sign out", "Sign out");
  await expectToast(page, "Signed Out");
  await expect(page).toHaveURL("/");
});

test("a template found in the palette opens its form to fill in", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const word = uniqueWord("haiku");
  await signIn(page, { email: uniqueEmail("template") });
  await addPrompt(page, {
    promptText: `Write a ${word} about {{topic|the sea}} in the style of {{poet}}.`,
    useCase: "Haiku maker",
  });
  await page.goto("/central");

  await openPalette(page);
  await page.keyboard.type(word);
  const own = palette(page).getByRole("group", { name: "Your library" });
  await expect(own.getByRole("option")).toHaveCount(2);
  await page.keyboard.press("ArrowDown");
  await expect(own.getByRole("option", { selected: true })).toContainText(
    "Use template: Haiku maker",
  );
  await page.keyboard.press("Enter");
  const form = page.getByRole("dialog", { name: "Use template: Haiku maker" });
  await expect(form).toBeVisible();
  await expect(form.getByLabel("poet")).toBeVisible();
  // Into the fields by Tab alone, then the filled prompt copied with the form's own button.
  await tabTo(page, form.getByLabel("poet"));
  await page.keyboard.type("Basho");
  await expect(form.getByLabel("Filled prompt")).toHaveText(
    `Write a ${word} about the sea in the style of Basho.`,
  );
  await tabTo(page, form.getByRole("button", { name: "Copy", exact: true }));
  await page.keyboard.press("Enter");
  await expectToast(page, "Copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `Write a ${word} about the sea in the style of Basho.`,
  );
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
  // The shortcuts work again once it is closed.
  await page.keyboard.press("?");
  await expect(shortcutsDialog(page)).toBeVisible();
});

test("every shortcut works by keyboard, and none fires while typing or with a dialog open", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, { email: uniqueEmail("shortcuts") });
  for (const [useCase, promptText] of [
    ["Oldest", "Summarise this article in three bullet points."],
    ["Middle", "Translate the text below into French, keeping its tone."],
    ["Newest", "Review this pull request for security problems."],
  ] as const) {
    await addPrompt(page, { useCase, promptText });
  }
  await page.goto("/dashboard");

  // "?" lists every shortcut of the list the keys follow.
  await page.keyboard.press("?");
  const help = shortcutsDialog(page);
  await expect(help).toBeVisible();
  for (const shortcut of shortcuts) await expect(help).toContainText(shortcut.description);
  await expect(help.locator("kbd")).toHaveCount(
    shortcuts.reduce((sum, s) => sum + s.keys.split(" ").length + (s.keys === "mod+k" ? 1 : 0), 0),
  );
  // With the dialog open, the keys are the dialog's.
  await page.keyboard.press("j");
  await expect(help).toBeVisible();
  await expect(cards(page).first()).not.toBeFocused();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // j and k move a visible focus ring across the cards, stopping at either end.
  await page.keyboard.press("j");
  await expect(cards(page).nth(0)).toBeFocused();
  await expect(cards(page).nth(0)).toHaveAccessibleName("Newest");
  expect(
    await cards(page)
      .nth(0)
      .evaluate((card) => getComputedStyle(card).outlineStyle),
  ).toBe("solid");
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(cards(page).nth(2)).toBeFocused();
  await page.keyboard.press("k");
  const middle = cards(page).nth(1);
  await expect(middle).toBeFocused();
  await expect(middle).toHaveAccessibleName("Middle");
  // Alt, Ctrl or ⌘ held: not a shortcut.
  await page.keyboard.press("Alt+j");
  await expect(middle).toBeFocused();

  // s stars the focused card, c copies it.
  await page.keyboard.press("s");
  await expect(middle.getByRole("button", { name: "Unstar Middle" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("c");
  await expectToast(page, "Copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    "Translate the text below into French, keeping its tone.",
  );

  // e edits it; what is typed in the form stays text.
  await page.keyboard.press("e");
  const text = page.getByLabel("Prompt", { exact: true });
  await expect(page.getByRole("form", { name: "Edit Prompt" })).toBeVisible();
  await expect(text).toBeFocused();
  await page.keyboard.press("End");
  const typed = " jkcesn?/g";
  await page.keyboard.type(typed);
  await expect(text).toHaveValue(`Translate the text below into French, keeping its tone.${typed}`);
  await expect(shortcutsDialog(page)).toBeHidden();
  for (const _ of typed) await page.keyboard.press("Backspace");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("form", { name: "Edit Prompt" })).toBeHidden();

  // n starts a new prompt.
  await page.keyboard.press("n");
  await expect(page.getByRole("form", { name: "Add a personal prompt" })).toBeVisible();
  await expect(text).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(text).toBeHidden();

  // A sequence waits a second for its second key, no longer: "f" comes once the page's own
  // clock has passed that second since "g" went down.
  await page.evaluate(() => {
    document.addEventListener(
      "keydown",
      (event) => {
        (window as unknown as { firstKeyAt: number }).firstKeyAt = event.timeStamp;
      },
      { once: true },
    );
  });
  await page.keyboard.press("g");
  await page.waitForFunction((wait) => {
    const at = (window as unknown as { firstKeyAt?: number }).firstKeyAt;
    return at !== undefined && performance.now() - at > wait;
  }, sequenceTimeoutMs);
  await page.keyboard.press("f");
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.keyboard.press("g");
  await page.keyboard.press("f");
  await expect(page).toHaveURL(/\/favourites$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toHaveAccessibleName("Middle");
  await page.keyboard.press("g");
  await page.keyboard.press("c");
  await expect(page).toHaveURL(/\/central$/);
  await page.keyboard.press("g");
  await page.keyboard.press("d");
  await expect(page).toHaveURL(/\/dashboard$/);
  // The address changes before the page does: "/" goes to the search box the page shows.
  await expect(
    page.getByRole("heading", { level: 1, name: "My Personal AI Prompts" }),
  ).toBeVisible();

  // "/" focuses the search box, and is not typed into it; what follows is.
  await page.keyboard.press("/");
  const search = page.getByRole("searchbox", { name: "Search prompts" });
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("");
  await page.keyboard.type("french j");
  await expect(search).toHaveValue("french j");
  await expect(page).toHaveURL(/q=french/);
  await expect(search).toBeFocused();
});

test("e leaves someone else's prompt alone, n shares on Central, and / opens the palette where there is no search box", async ({
  page,
  browser,
}) => {
  const word = uniqueWord("kiwi");
  await shareAsSomeoneElse(browser, { promptText: `Describe a ${word}.`, useCase: word });
  await signIn(page, { email: uniqueEmail("visitor") });
  await page.goto(`/central?q=${word}`);
  await expect(cards(page)).toHaveCount(1);
  await page.keyboard.press("j");
  await expect(cards(page).first()).toBeFocused();
  await page.keyboard.press("e");
  await expect(page.getByRole("form", { name: "Edit Prompt" })).toBeHidden();
  await expect(cards(page).first()).toBeFocused();

  await page.keyboard.press("n");
  await expect(page.getByRole("form", { name: "Share a prompt with the community" })).toBeVisible();
  await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();
  await page.keyboard.press("Escape");

  await page.goto("/settings");
  // The panels load their data once the page is live: keys pressed before then reach nothing.
  await expect(
    page.getByRole("region", { name: "Access tokens" }).getByText("No tokens yet"),
  ).toBeVisible();
  await page.keyboard.press("/");
  await expect(paletteField(page)).toBeFocused();
  await expect(paletteField(page)).toHaveValue("");
  await page.keyboard.press("Escape");
  await page.keyboard.press("n");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("form", { name: "Add a personal prompt" })).toBeVisible();
});

test("the palette opened just as the shortcuts dialog closes stays open", async ({ page }) => {
  await signIn(page, { email: uniqueEmail("quick") });
  await page.keyboard.press("?");
  await expect(shortcutsDialog(page)).toBeVisible();
  // Escape closes a <dialog> at once but tells the page a task later; a palette opened in
  // between (as a quick Ctrl+K does on a busy machine) must not be closed by that late news.
  const paletteAfterClose = await page.evaluate(async () => {
    const dialog = document.querySelector<HTMLDialogElement>("dialog[open]");
    if (!dialog) return "no dialog open";
    const told = new Promise((resolve) =>
      dialog.addEventListener("close", resolve, { once: true }),
    );
    dialog.close();
    document.querySelector<HTMLElement>('button[aria-label="Search and commands"]')?.click();
    await told;
    // What the close set off is on screen two frames later.
    for (let frame = 0; frame < 2; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    // The palette is the only dialog marked with a role; the shortcuts are a <dialog>.
    return document.querySelector('[role="dialog"]') ? "palette open" : "palette closed";
  });
  expect(paletteAfterClose).toBe("palette open");
  await expect(paletteField(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(palette(page)).toBeHidden();
});

for (const theme of ["light", "dark"] as const) {
  test(`${theme}: the palette and the shortcuts dialog pass axe, from wide to 320 px`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    const word = uniqueWord("axe");
    await signIn(page, { email: uniqueEmail(`axe-${theme}`) });
    await addPrompt(page, {
      promptText: `Explain ${word} to a child.`,
      useCase: `Explain ${word}`,
    });
    await page.goto("/dashboard");

    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 700 });
      // The top bar's button opens the palette too.
      await page.getByRole("button", { name: "Search and commands" }).focus();
      await page.keyboard.press("Enter");
      await expect(paletteField(page)).toBeFocused();
      await expectAccessible(page);
      await page.keyboard.type(word);
      await expect(palette(page).getByRole("group", { name: "Your library" })).toBeVisible();
      await expectAccessible(page);
      const box = await palette(page).boundingBox();
      if (width === 320) expect(box?.width).toBe(320);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("button", { name: "Search and commands" })).toBeFocused();

      await page.keyboard.press("?");
      await expect(shortcutsDialog(page)).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(shortcutsDialog(page)).toBeHidden();
      // Focus goes back where it was; the next round starts from there once it has.
      await expect(page.getByRole("button", { name: "Search and commands" })).toBeFocused();
    }
  });
}
