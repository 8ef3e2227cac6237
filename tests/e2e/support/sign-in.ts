import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

/**
 * Signs in the way a person does: the dialog (or the /login page), then the development
 * provider's page. Resolves once the welcome notice shows.
 */
export async function signIn(page: Page, person: { email: string; name?: string; from?: string }) {
  await page.goto(person.from ?? "/");
  if (person.from === "/login") {
    await page.getByRole("button", { name: "Continue with Google" }).click();
  } else {
    // The top bar's Sign In, or on a phone (where it sits in the menu) the page's own start button.
    await page
      .getByRole("button", { name: "Sign In" })
      .or(page.getByRole("button", { name: /^(Get Started Free|Start Free)$/ }))
      .filter({ visible: true })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Welcome to PromptShelf" });
    await expect(
      dialog.getByText("Sign in to access your AI prompt management dashboard"),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Continue with Google" }).click();
  }
  await expect(page).toHaveTitle("Development sign-in");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Name").fill(person.name ?? "");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectToast(page, "Welcome!", `Signed in as ${person.email}`);
}

/** The toast on screen, by its title and description. */
export async function expectToast(
  page: Page,
  title: string,
  description?: string,
  options: { timeout?: number } = {},
) {
  let toast = page.locator("[data-toast]").filter({ hasText: title });
  if (description) toast = toast.filter({ hasText: description });
  await expect(toast).toBeVisible(options);
}
