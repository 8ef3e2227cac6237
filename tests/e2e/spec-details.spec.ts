import { expect, test } from "./support/test.ts";

test("the sign-in dialog opens with Continue with Google focused", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Sign In" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Welcome to PromptShelf" });
  await expect(dialog.getByRole("button", { name: "Continue with Google" })).toBeFocused();
  // Escape still closes it, and focus goes back to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign In" }).first()).toBeFocused();
});

test.describe("an unknown path", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("logs the 404 to the console as a warning naming the path", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    const response = await page.goto("/no-such-page?from=test");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect.poll(() => warnings).toContainEqual(expect.stringContaining("/no-such-page"));
    expect(warnings.filter((text) => text.includes("404"))).toHaveLength(1);
  });
});
