import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

/**
 * Signs in through the real OpenID Connect flow and the development provider, as its forms post,
 * over HTTP in the page's own context (so the session cookie is the page's), then opens where the
 * sign-in lands. Resolves once the welcome notice shows there. Most tests need a person signed
 * in, not the way there: the pages of it (the dialog, the provider's page) cost three page loads
 * a test, and signInThroughPages, which the sign-in tests use, shows them.
 */
export async function signIn(page: Page, person: { email: string; name?: string }) {
  const origin = new URL((await page.request.get("/healthz")).url()).origin;
  let step = await page.request.post("/auth/login", {
    form: { returnTo: "/" },
    headers: { origin },
  });
  // The provider first ends the session of whoever signed in last in this context, by a form
  // its page posts itself.
  for (let hops = 0; hops < 3; hops++) {
    const html = await step.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`No sign-in form at ${step.url()}`);
    if (html.includes('name="email"')) {
      step = await page.request.post(new URL(action, step.url()).href, {
        form: { email: person.email, name: person.name ?? "", action: "login" },
        headers: { origin },
      });
      break;
    }
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
        ([, name = "", value = ""]) => [name, value],
      ),
    );
    step = await page.request.post(new URL(action, step.url()).href, { form: fields });
  }
  expect(new URL(step.url()).origin, "the sign-in lands back on the app").toBe(origin);
  await page.goto(new URL(step.url()).pathname);
  await expectToast(page, "Welcome!", `Signed in as ${person.email}`);
}

/**
 * Signs in the way a person does: the dialog (or the /login page), then the development
 * provider's page. Resolves once the welcome notice shows.
 */
export async function signInThroughPages(
  page: Page,
  person: { email: string; name?: string; from?: string },
) {
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
