import { expectToast, signInThroughPages, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

test("a person signs in through the development provider and lands on their dashboard", async ({
  page,
}) => {
  const email = uniqueEmail("ada");
  await signInThroughPages(page, { email, name: "Ada Lovelace" });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, "Welcome!", `Signed in as ${email}`);
  await expect(page.getByRole("heading", { name: "My Personal AI Prompts" })).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Personal" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Central" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await nav.getByRole("button", { name: "Libraries" }).click();
  for (const name of [
    "All shared prompts",
    "Claude",
    "ChatGPT",
    "AI Education",
    "LLM",
    "Stable Diffusion",
    "Prompt Engineering",
    "AP Lang",
  ]) {
    await expect(page.getByRole("menuitem", { name, exact: true })).toBeVisible();
  }
  await page.getByRole("menuitem", { name: "All shared prompts" }).click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  expect(page.url()).not.toMatch(/code=|state=/);
  await expectAccessible(page);

  // The welcome shows once: a reload brings no second toast.
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Personal AI Prompts" })).toBeVisible();
  await expect(page.locator("[data-toast]")).toHaveCount(0);
});

test("an administrator lands on the admin dashboard and sees the Admin link", async ({ page }) => {
  await signInThroughPages(page, { email: "admin@example.com", name: "Site Admin" });
  await expect(page).toHaveURL(/\/admin$/);
  await expectToast(page, "Welcome!", "Signed in as admin@example.com");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }),
  ).toBeVisible();
});

test("sign-in started elsewhere returns to that page", async ({ page }) => {
  await signInThroughPages(page, { email: uniqueEmail(), from: "/login" });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("cancelling at the provider lands home with Sign In Failed and no session", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Sign In" }).first().click();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(
    page
      .getByRole("button", { name: "Signing in..." })
      .or(page.getByRole("heading", { name: "Development sign-in" })),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Development sign-in" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Sign In Failed", "Sign-in was cancelled");
  const session = await page.request.get("/api/v1/session");
  expect(await session.json()).toBeNull();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Continue with Google on /login still leads to the provider and signs in", async ({
    page,
  }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveTitle("Development sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const session = await page.request.get("/api/v1/session");
    expect(await session.json()).toMatchObject({ email });
  });
});

test.describe("guards", () => {
  test("a visitor is sent home from a signed-in page", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Access Denied", "Please sign in to access this page");
  });

  test("a person who is not an administrator is sent to the dashboard from /admin", async ({
    page,
  }) => {
    await signInThroughPages(page, { email: uniqueEmail() });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(
      page,
      "Access Denied",
      "You don't have admin permissions to access this page",
    );
  });
});

test("signing out in one tab signs the other tab out", async ({ page, context }) => {
  await signInThroughPages(page, { email: uniqueEmail(), name: "Two Tabs" });
  await expect(page).toHaveURL(/\/dashboard$/);
  const other = await context.newPage();
  await other.goto("/central");
  await expect(other.getByRole("heading", { name: "Community AI Prompt Library" })).toBeVisible();

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Signed Out", "You have been successfully signed out.");
  await expect(other).toHaveURL(/\/$/);

  // Back shows nothing private: the signed-in page is fetched again and refused.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "My Personal AI Prompts" })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu is a drawer with the person, the links and Logout", async ({ page }) => {
    await signInThroughPages(page, { email: "admin@example.com", name: "Site Admin" });
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByText("Site Admin")).toBeVisible();
    await expect(drawer.getByText("(Admin)")).toBeVisible();
    for (const name of ["Admin", "Personal", "Central", "Claude", "AP Lang"]) {
      await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expectAccessible(page);
    await drawer.getByRole("link", { name: "Central", exact: true }).click();
    await expect(page).toHaveURL(/\/central$/);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Signed Out");
  });
});
