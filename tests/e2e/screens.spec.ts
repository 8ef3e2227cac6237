import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { projectRoot } from "../../server/project-root.ts";
import { promptPath } from "../../shared/public-address.ts";
import { realDataReader, realDataTest } from "./support/real-data-server.ts";
import { signIn } from "./support/sign-in.ts";
import { expect, expectAccessible } from "./support/test.ts";

/**
 * Every page, on the real prompts, at four widths in light and dark: nothing wider than the
 * window, no accessibility violation (contrast included), and a screenshot of each under
 * test-results/screens/ for a person to look at.
 */

const test = realDataTest.extend({
  // The 404 page answers 404, which the browser reports.
  allowedConsoleErrors: [/status of 404/],
});

const widths = [375, 768, 1024, 1280];
const themes = ["light", "dark"] as const;

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
  await page.screenshot({ path: join(shotsDir, `${shot}.png`), fullPage: true });
}

for (const theme of themes) {
  for (const width of widths) {
    test(`${theme}, ${width} px: every page fits, passes axe, and is photographed`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await mkdir(shotsDir, { recursive: true });
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
}
