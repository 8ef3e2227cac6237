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
