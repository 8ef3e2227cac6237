import type { Locator, Page } from "@playwright/test";
import { realDataReader, realDataTest } from "./support/real-data-server.ts";
import { signIn } from "./support/sign-in.ts";
import { expect } from "./support/test.ts";

/**
 * Phones, on the real prompts: the menu, the admin page, the community page's highlights, the
 * import preview and the dialogs each fit the screen, with their actions reachable. Each figure
 * below is what was measured before the fix.
 */

const test = realDataTest;

/** How far the page scrolls sideways. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** An element's box, with the window's size to compare it with. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on screen");
  return found;
}

async function expectInWindow(page: Page, locator: Locator, what: string) {
  const { x, y, width, height } = await box(locator);
  const size = page.viewportSize();
  if (!size) throw new Error("no viewport");
  expect(x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(x + width, `${what}: right edge`).toBeLessThanOrEqual(size.width);
  expect(y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(y + height, `${what}: bottom edge`).toBeLessThanOrEqual(size.height);
}

for (const width of [320, 375]) {
  test(`${width} px: the phone menu shows the whole theme switch and a full-height Logout`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 640 });
    await signIn(page, realDataReader);
    for (const path of ["/dashboard", "/central", "/settings"]) {
      await page.goto(path);
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog");
      // Before: at 320 the switch ran to x = 437 (only the "S" of System showed).
      for (const name of ["Light", "Dark", "System"]) {
        const option = menu.getByRole("button", { name });
        await option.scrollIntoViewIfNeeded();
        await expectInWindow(page, option, `${path}: ${name}`);
        await expect(option).toContainText(name);
      }
      // Before: 20 px high, squeezed by the links above it.
      const logout = menu.getByRole("button", { name: "Logout" });
      await logout.scrollIntoViewIfNeeded();
      expect((await box(logout)).height, `${path}: Logout's height`).toBeGreaterThanOrEqual(40);
      await expectInWindow(page, logout, `${path}: Logout`);
      await page.keyboard.press("Escape");
    }
  });
}

test("320 px: the admin page is as wide as the window, both dashboard links whole", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page, realDataReader);
  await page.goto("/admin");
  // Before: 352 px wide, 32 px sideways, "Central Dashboard" cut off.
  expect(await sidewaysScroll(page)).toBe(0);
  for (const name of ["Personal Dashboard", "Central Dashboard"]) {
    const { x, width: linkWidth } = await box(page.getByRole("link", { name, exact: true }));
    expect(x + linkWidth, name).toBeLessThanOrEqual(320);
  }
});

test("375 px: the community's highlights take little room, and the list does not repeat them", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await signIn(page, realDataReader);
  await page.goto("/central");
  const highlights = page.getByRole("region", { name: /Fresh today/ });
  await expect(highlights.getByRole("article").first()).toBeVisible();
  // Before: the list's heading sat 2,181 px down, three screens of highlights above it.
  const listHeading = page.getByRole("heading", { name: "Community Prompts" });
  expect((await box(listHeading)).y).toBeLessThan(1_300);
  // Every prompt shows once on the page: the highlights' are not listed again below them.
  const ids = await page
    .locator("[data-prompt-card]")
    .evaluateAll((cards) =>
      cards.map((card) => card.querySelector("a[href^='/p/']")?.getAttribute("href")),
    );
  expect(ids.length).toBeGreaterThan(5);
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  expect(await sidewaysScroll(page)).toBe(0);
});

test("320 px: Settings with an import's preview open does not scroll sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page, realDataReader);
  await page.goto("/settings");
  await page.getByLabel("Choose a file to import").setInputFiles({
    name: "two-prompts-with-a-rather-long-file-name-from-another-tool.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      'act,prompt\n"Narrow screen check","Summarise the meeting."\n"Another narrow check","List the actions."\n',
    ),
  });
  await expect(page.getByRole("button", { name: /^Import/ })).toBeVisible();
  // Before: 14 px sideways.
  expect(await sidewaysScroll(page)).toBe(0);
});

test("320 × 640: Use template keeps Copy on screen, filling in fields scrolls above it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page, realDataReader);
  await page.goto("/dashboard?q=Narrative Point of View Transformer");
  await page
    .getByRole("article", { name: "Narrative Point of View Transformer" })
    .first()
    .getByRole("button", { name: "Use template" })
    .click();
  const dialog = page.getByRole("dialog", {
    name: /Use template: Narrative Point of View Transformer/,
  });
  await expect(dialog.getByRole("heading", { name: "Preview" })).toBeAttached();
  // Before: Copy sat below the window's bottom edge, reached only by scrolling the dialog.
  await expectInWindow(page, dialog.getByRole("button", { name: "Copy" }), "Copy");
  await expectInWindow(page, dialog.getByRole("button", { name: "Clear" }), "Clear");
});
