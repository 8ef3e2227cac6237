import type { Page } from "@playwright/test";
import { signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

/** The page's background as the browser painted it: dark below 50% lightness. */
async function paintedDark(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement("canvas").getContext("2d");
    if (!probe) throw new Error("no canvas");
    probe.fillStyle = getComputedStyle(document.body).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = probe.getImageData(0, 0, 1, 1).data;
    return (r + g + b) / 3 < 128;
  });
}

test("the theme follows the system until the person picks one, which is remembered and applied before any script loads", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  expect(await paintedDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: "light" });
  expect(await paintedDark(page)).toBe(false);

  const theme = page.getByRole("group", { name: "Theme" });
  await expect(theme.getByRole("button", { name: "System" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await theme.getByRole("button", { name: "Dark" }).click();
  expect(await paintedDark(page)).toBe(true);
  await expect(theme.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);

  // With the app's modules emptied, only the inline head script can set the theme: the first
  // paint is already the chosen one, with the system still saying light.
  await page.route("**/assets/*.js", (route) =>
    route.fulfill({ contentType: "text/javascript", body: "" }),
  );
  await page.reload();
  expect(await paintedDark(page)).toBe(true);
  await page.unroute("**/assets/*.js");

  // Back to the system's choice.
  await page.reload();
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "System" }).click();
  expect(await paintedDark(page)).toBe(false);
  await page.reload();
  expect(await paintedDark(page)).toBe(false);
});

test("signed in, Settings picks the theme, and the skip link jumps past the menus", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("theme") });
  await page.goto("/settings");
  const appearance = page.getByRole("region", { name: "Appearance" });
  // Settings uses the width it has: two panels side by side, the import as wide as both.
  const exports = await page.getByRole("region", { name: "Export and backup" }).boundingBox();
  const beside = await appearance.boundingBox();
  const imports = await page.getByRole("region", { name: "Import" }).boundingBox();
  expect(beside?.y).toBe(exports?.y);
  expect(imports?.width).toBeGreaterThan(1_000);
  await appearance.getByRole("button", { name: "Dark" }).click();
  await page.goto("/dashboard");
  expect(await paintedDark(page)).toBe(true);
  await expectAccessible(page);

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Add Prompt" })).toBeFocused();
});
