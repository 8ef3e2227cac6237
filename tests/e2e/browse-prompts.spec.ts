import type { Page } from "@playwright/test";
import { browsePagesMax } from "../../shared/browse.ts";
import { realDataTest as test } from "./support/real-data-server.ts";
import { expect, expectAccessible } from "./support/test.ts";

/** /prompts on the 1,529 real prompts: it fits, passes axe, and works by keyboard and without JavaScript. */

async function overflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

// One long token (a line of 69 "=" in a real prompt) once widened the list's column past a
// phone's width, but only on the page where the copy counts happened to put that prompt.
test("every page of real prompts fits a 320 px window", async ({ browser, baseURL }) => {
  // The list is whole without JavaScript, and layout is all this looks at.
  const context = await browser.newContext({
    viewport: { width: 320, height: 800 },
    javaScriptEnabled: false,
    baseURL,
  });
  const page = await context.newPage();
  let path: string | null = "/prompts";
  let pages = 0;
  while (path) {
    await page.goto(path);
    expect(await overflow(page), `${path}: pixels wider than the window`).toBe(0);
    pages++;
    const next = page.getByRole("link", { name: "Next page" });
    path = (await next.count()) > 0 ? await next.getAttribute("href") : null;
  }
  // The list's last page, newest first: 1,200 of the real prompts, and it says so.
  expect(pages).toBe(browsePagesMax);
  await expect(page.getByText(/^That is 50 pages, 1,200 of 1,\d{3} prompts\./)).toBeVisible();
  // The rest, from the other end: the oldest first, as many pages as the list needs.
  await page.getByRole("link", { name: "Start from the oldest" }).click();
  await expect(page).toHaveURL(/\/prompts\?sort=oldest$/);
  await expect(page.getByText(/^1,\d{3} prompts · page 1 of 50$/)).toBeVisible();
  await context.close();
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("lists real prompts that fit the window, in light and dark, with no accessibility violation", async ({
      page,
    }) => {
      for (const theme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto("/prompts");
        await expect(
          page.getByRole("heading", { level: 1, name: "Browse AI prompts" }),
        ).toBeVisible();
        await expect(page.getByRole("article")).toHaveCount(24);
        await expect(page.getByText(/^1,\d{3} prompts · page 1 of 50$/)).toBeVisible();
        // Page numbers where there is room for them; Previous and Next on a phone.
        await expect(page.getByRole("link", { name: "Page 50" })).toBeVisible({
          visible: width >= 640,
        });
        expect(await overflow(page), `${theme}: pixels wider than the window`).toBe(0);
        await expectAccessible(page);
        await page.screenshot({ path: `test-results/screens/browse-${theme}-${width}.png` });
        await page
          .getByRole("navigation", { name: "Pages" })
          .screenshot({ path: `test-results/screens/browse-pages-${theme}-${width}.png` });
      }
      // The longest search shown back, and a page of matches, still fit.
      await page.goto(`/prompts?q=${"essay".repeat(20)}`);
      await expect(page.getByText("No shared prompt matches that search.")).toBeVisible();
      expect(await overflow(page)).toBe(0);
      await page.goto("/prompts?q=the&topic=ap-lang&sort=copies");
      await expect(page.getByRole("article").first()).toBeVisible();
      expect(await overflow(page)).toBe(0);
      await expectAccessible(page);
    });

    test("searches, filters and pages by keyboard", async ({ page }) => {
      await page.goto("/prompts");
      const search = page.getByRole("searchbox", { name: "Search" });
      await search.focus();
      await page.keyboard.type("essay");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/prompts\?q=essay$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prompts matching “essay”");
      const cards = page.getByRole("article");
      await expect(cards.first()).toBeVisible();
      // Most cards show the word marked (a few hold it only in a template's header, which a
      // preview leaves out).
      await expect(cards.locator("mark").first()).toHaveText(/essay/i);

      // Topic and order by keyboard alone, then the Search button.
      await search.focus();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("combobox", { name: "Topic" })).toBeFocused();
      await page.keyboard.type("AP Lang");
      await page.keyboard.press("Tab");
      await expect(page.getByRole("combobox", { name: "Order" })).toBeFocused();
      await page.keyboard.type("Most");
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Search" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/prompts\?q=essay&topic=ap-lang&sort=copies$/);
      await expect(
        page.getByRole("link", { name: "About the AP Lang Synthesis library" }),
      ).toBeVisible();

      // Pages are links: Tab to Next page and follow it.
      await page.goto("/prompts?sort=copies");
      const next = page.getByRole("link", { name: "Next page" });
      await expect(next).toHaveAttribute("href", "/prompts?sort=copies&page=2");
      await next.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/prompts\?sort=copies&page=2$/);
      await expect(page.getByRole("link", { name: "Previous page" })).toBeVisible();
      await expect(page.getByRole("article")).toHaveCount(24);
      expect(await overflow(page)).toBe(0);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

  test("the page is complete and its form and links work", async ({ page }) => {
    await page.goto("/prompts");
    await expect(page.getByRole("article")).toHaveCount(24);
    const first = page.getByRole("article").first().getByRole("link");
    await expect(first).toHaveAttribute("href", /^\/p\/[0-9A-Za-z]{11}-[a-z0-9-]+$/);
    await page.getByRole("searchbox", { name: "Search" }).fill("Ethereum");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/prompts\?q=Ethereum$/);
    await expect(page.getByRole("article").first()).toContainText("Ethereum");
    await page.getByRole("searchbox", { name: "Search" }).fill("");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/prompts$/);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/prompts\?page=2$/);
    await expect(page.getByRole("article")).toHaveCount(24);
  });
});
