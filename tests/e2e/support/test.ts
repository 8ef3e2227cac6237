import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export { expect };

interface Fixtures {
  /** Console errors a test expects (for example, a resource answering 404 on purpose). */
  allowedConsoleErrors: RegExp[];
}

/** Every browser test runs against the server started by global setup and fails on console errors. */
export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set; run through the Playwright config");
    await use(url);
  },
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(page);
    expect(errors, "errors in the browser console").toEqual([]);
  },
});

/**
 * Runs axe on the page as it stands and expects no WCAG 2.1 A/AA violations; `soft` records a
 * failure and carries on, so one run lists every page that fails.
 */
export async function expectAccessible(page: Page, options: { soft?: boolean } = {}) {
  // axe runs in the page itself and lists the nodes of violations only: its default (run in each
  // frame, then finished in a second page, with every passing node sent back) took three times
  // as long, 2.1 s against 0.65 s on a page of 30 real prompts, for the same verdicts. The pages
  // have no frames of their own.
  // Colours read mid-transition are neither theme's: a button's colours fade for 150 ms after
  // the theme changes, and axe read grey on grey. It reads them once every transition (and any
  // other animation that ends; a spinner never does) has ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  (options.soft ? expect.soft : expect)(summary, "accessibility violations").toEqual([]);
}
