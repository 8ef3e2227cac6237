import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { projectRoot } from "../../server/project-root.ts";
import { promptPath } from "../../shared/public-address.ts";
import { realDataReader, realDataTest } from "./support/real-data-server.ts";
import { signIn } from "./support/sign-in.ts";
import { expect, expectAccessible } from "./support/test.ts";

/**
 * Every page, on the real prompts, from the narrowest phone (320 px) to a wide screen (1,920 px)
 * in light and dark: nothing wider than the window and no accessibility violation (contrast
 * included). On a phone, the menu too; and the views that were hardest to fit: an import's
 * preview, Use template and the privacy dialog, with their actions inside the window. With
 * `SCREENS=all`, a photograph of each under test-results/screens/ for a person to look at.
 */

const test = realDataTest.extend({
  // The 404 page answers 404, which the browser reports.
  allowedConsoleErrors: [/status of 404/],
});

const widths = [320, 375, 768, 1280, 1920];
const themes = ["light", "dark"] as const;
/**
 * Every width in both themes, photographed, when a person will look at the photographs
 * (`SCREENS=all`); in a test run each width once, the themes taking turns, and no photographs:
 * nothing reads them there, and full-page photographs were a fifth of the suite's CPU time. A
 * layout depends on the width and contrast on the theme, so five views find what ten did, in
 * half the time (decision 0020).
 */
const forAPerson = process.env.SCREENS === "all";
const views = forAPerson
  ? themes.flatMap((theme) => widths.map((width) => ({ theme, width })))
  : widths.map((width, index) => ({ theme: themes[index % 2] ?? "light", width }));

const pages = [
  { name: "home", path: "/" },
  { name: "central", path: "/central" },
  { name: "central-search", path: "/central?q=YOU PROBABLY DON'T KNOW THIS" },
  { name: "community", path: "/community" },
  { name: "dashboard", path: "/dashboard" },
  { name: "favourites", path: "/favourites" },
  { name: "topic", path: "/llm-prompts" },
  { name: "landing", path: "/claude-prompt-library" },
  { name: "browse", path: "/prompts" },
  { name: "settings", path: "/settings" },
  { name: "collections", path: "/collections" },
  { name: "admin", path: "/admin" },
  { name: "privacy", path: "/privacy" },
  { name: "not-found", path: "/no-such-page" },
];

const shotsDir = join(projectRoot, "test-results/screens");

/** An access key id in AWS's real format, which the privacy check stops. */
const awsKey = "AKIAZ3MSJV4WWXKPQF7Q";

/** A real prompt with three {{variables}} and a long text, so Use template's preview is long. */
const templateTitle = "Narrative Point of View Transformer";

/** Each control's right and bottom edges lie inside the window. */
async function expectInWindow(page: Page, controls: Locator, shot: string) {
  const size = page.viewportSize();
  const boxes = await controls.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      const name = element.getAttribute("aria-label") ?? element.textContent?.trim();
      return { name, right: box.right, bottom: box.bottom, height: box.height };
    }),
  );
  for (const box of boxes) {
    expect
      .soft(box.right, `${shot}: ${box.name}'s right edge`)
      .toBeLessThanOrEqual(size?.width ?? 0);
    expect
      .soft(box.bottom, `${shot}: ${box.name}'s bottom edge`)
      .toBeLessThanOrEqual(size?.height ?? 0);
    expect.soft(box.height, `${shot}: ${box.name}'s height`).toBeGreaterThanOrEqual(28);
  }
}

async function expectFitsAndPasses(page: Page, shot: string) {
  await test.step(shot, () => checkScreen(page, shot));
}

async function checkScreen(page: Page, shot: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, `${shot}: pixels wider than the window`).toBe(0);
  // Cards keep room for their chips, titles and actions (three columns beside the sidebar at
  // 1,024 px left 224 px each).
  const narrowest = await page
    .getByRole("article")
    .evaluateAll((cards) => Math.min(...cards.map((card) => card.getBoundingClientRect().width)));
  expect.soft(narrowest, `${shot}: the narrowest card`).toBeGreaterThanOrEqual(260);
  await expectAccessible(page, { soft: true });
  if (forAPerson) await page.screenshot({ path: join(shotsDir, `${shot}.png`), fullPage: true });
}

for (const { theme, width } of views) {
  test(`${theme}, ${width} px: every page fits and passes axe`, async ({ page }) => {
    // Fourteen pages and eight views, each checked by axe, on a shared machine.
    test.setTimeout(420_000);
    if (forAPerson) await mkdir(shotsDir, { recursive: true });
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: theme });

    // Signed out, with the sign-in dialog open.
    await page.goto("/");
    await page
      .getByRole("button", { name: "Sign In" })
      .or(page.getByRole("button", { name: /^(Get Started Free|Start Free)$/ }))
      .filter({ visible: true })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: "Welcome to PromptShelf" })).toBeVisible();
    await expectFitsAndPasses(page, `${theme}-${width}-sign-in-dialog`);

    await signIn(page, realDataReader);
    for (const { name, path } of pages) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      await expectFitsAndPasses(page, `${theme}-${width}-${name}`);
    }

    // A shared prompt's public page: the newest, which addHistory changed, so its versions
    // are listed under the text, with its related prompts.
    const community = await page.request.get("/api/v1/prompts?scope=community&limit=1");
    const [newest] = (await community.json()).items;
    await page.goto(promptPath(newest));
    await expect(page.getByRole("heading", { level: 1, name: newest.title })).toBeVisible();
    await expect(page.getByText("Cite your sources.")).toBeVisible();
    await expectFitsAndPasses(page, `${theme}-${width}-prompt-page`);

    // Settings with a new access token shown once, and listed.
    await page.goto("/settings");
    const tokenName = `Claude Desktop (${theme}, ${width} px)`;
    await page.getByLabel("Name", { exact: true }).fill(tokenName);
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByLabel("Your new token")).toBeFocused();
    await expectFitsAndPasses(page, `${theme}-${width}-settings-new-token`);
    // Revoked again, so the next width's photograph lists the same tokens.
    await page.getByRole("button", { name: `Revoke ${tokenName}` }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: "Revoke", exact: true })
      .click();
    await expect(page.getByRole("button", { name: `Revoke ${tokenName}` })).toHaveCount(0);

    // An import's preview, with a file whose long name must wrap.
    await page.getByLabel("Choose a file to import").setInputFiles({
      name: "prompts-exported-from-another-tool-on-a-long-afternoon.csv",
      mimeType: "text/csv",
      buffer: Buffer.from('act,prompt\n"Screens check","Summarise the meeting."\n'),
    });
    await expect(page.getByRole("button", { name: /^Import/ })).toBeVisible();
    await expectFitsAndPasses(page, `${theme}-${width}-settings-import-preview`);

    if (width < 768) {
      // The phone menu: the theme switch whole and Logout full height, inside the window.
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog");
      await menu.getByRole("button", { name: "Logout" }).scrollIntoViewIfNeeded();
      await expectInWindow(
        page,
        menu.getByRole("button", { name: /^(Light|Dark|System|Logout)$/ }),
        `${theme}-${width}-phone-menu`,
      );
      await expectFitsAndPasses(page, `${theme}-${width}-phone-menu`);
      await page.keyboard.press("Escape");
    }

    // Use template on a long real template: Copy stays in the window, the form scrolls.
    await page.setViewportSize({ width, height: width < 768 ? 640 : 900 });
    await page.goto(`/dashboard?q=${templateTitle}`);
    await page
      .getByRole("article", { name: templateTitle })
      .first()
      .getByRole("button", { name: "Use template" })
      .click();
    const template = page.getByRole("dialog", { name: `Use template: ${templateTitle}` });
    await expect(template.getByRole("heading", { name: "Preview" })).toBeAttached();
    await expectInWindow(
      page,
      template.getByRole("button", { name: /^(Clear|Copy)$/ }),
      `${theme}-${width}-template-dialog`,
    );
    await expectFitsAndPasses(page, `${theme}-${width}-template-dialog`);
    await page.keyboard.press("Escape");

    // The privacy check before sharing a long prompt with a key at its end; Cancel shares nothing.
    await page.goto("/central");
    await page.getByRole("button", { name: "Share Prompt" }).click();
    await page
      .getByLabel("Prompt", { exact: true })
      .fill(
        `${Array.from({ length: 12 }, (_, i) => `${i + 1}. Check bucket policy ${i + 1}.`).join("\n")}\nUse the key ${awsKey}.`,
      );
    await page.getByRole("button", { name: "Share Prompt" }).click();
    const privacy = page.getByRole("alertdialog", { name: "Check before sharing" });
    await expect(
      privacy.getByRole("region", { name: "In your prompt" }).locator("mark"),
    ).toBeInViewport();
    await expectInWindow(page, privacy.getByRole("button"), `${theme}-${width}-privacy-dialog`);
    await expectFitsAndPasses(page, `${theme}-${width}-privacy-dialog`);
    await privacy.getByRole("button", { name: "Cancel" }).click();
    await page.setViewportSize({ width, height: 900 });

    // The add form open over the real library.
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Add Prompt" }).click();
    await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();
    await expectFitsAndPasses(page, `${theme}-${width}-dashboard-add-form`);

    // A real prompt's history open, and a saved copy's original changed (addHistory).
    await page.goto("/dashboard");
    await page.getByRole("button", { name: /^edited · 3 versions: history of / }).click();
    await expect(page.getByRole("region", { name: "Version 3 (current)" })).toBeVisible();
    await expectFitsAndPasses(page, `${theme}-${width}-history-dialog`);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Original updated" }).click();
    await expect(page.getByRole("button", { name: "Update my copy" })).toBeVisible();
    await expectFitsAndPasses(page, `${theme}-${width}-original-updated-dialog`);
  });
}
