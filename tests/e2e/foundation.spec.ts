import { expect, expectAccessible, test } from "./support/test.ts";

test("the home page renders, hydrates and is accessible", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/PromptShelf/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForFunction(() => "__reactRouterContext" in window);
  await expectAccessible(page);
});

test.describe("unknown paths", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("show Page Not Found with a way home", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
