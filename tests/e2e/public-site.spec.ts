import { landingPages } from "../../shared/landing-pages.ts";
import { signIn, signInThroughPages, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const pages = [
  { path: "/", heading: /Keep, find and share the prompts/ },
  ...landingPages.map((page) => ({ path: page.path, heading: new RegExp(page.hero.heading) })),
  { path: "/privacy", heading: /Privacy Policy/ },
  { path: "/terms", heading: /Terms of Service/ },
  { path: "/cookies", heading: /Cookie Policy/ },
  { path: "/login", heading: /Welcome to PromptShelf/ },
];

for (const viewport of [
  { name: "phone", width: 375, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test.describe(`on a ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    for (const page of pages) {
      test(`${page.path} shows its content, its links and the sign-in dialog, with no accessibility violations`, async ({
        page: tab,
      }) => {
        await tab.goto(page.path);
        await expect(tab.getByRole("heading", { level: 1, name: page.heading })).toBeVisible();
        const footer = tab.getByRole("contentinfo");
        await expect(
          footer.getByRole("navigation", { name: "Prompt Libraries" }).getByRole("link"),
        ).toHaveCount(4);
        await expect(
          footer.getByRole("navigation", { name: "More Resources" }).getByRole("link"),
        ).toHaveCount(4);
        for (const name of ["Privacy Policy", "Terms of Service", "Cookie Policy"]) {
          await expect(footer.getByRole("link", { name })).toBeVisible();
        }
        await expect(
          footer.getByText(`© ${new Date().getUTCFullYear()} PromptShelf`),
        ).toBeVisible();

        if (viewport.width >= 1280) {
          await expect(
            tab
              .getByRole("banner")
              .getByRole("navigation", { name: "Prompt libraries" })
              .getByRole("link"),
          ).toHaveCount(8);
        } else {
          await tab.getByRole("button", { name: "Open menu" }).click();
          const drawer = tab.getByRole("dialog", { name: "Menu" });
          await expect(
            drawer.getByRole("navigation", { name: "Prompt libraries" }).getByRole("link"),
          ).toHaveCount(8);
          await expect(drawer.getByRole("link", { name: "Browse all prompts" })).toBeVisible();
          await expect(drawer.getByRole("button", { name: "Sign In" })).toBeVisible();
          await drawer.getByRole("button", { name: "Close menu" }).click();
        }
        await expectAccessible(tab);

        if (page.path !== "/login") {
          if (viewport.width >= 1280) {
            await tab.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
          } else {
            await tab.getByRole("button", { name: "Open menu" }).click();
            await tab
              .getByRole("dialog", { name: "Menu" })
              .getByRole("button", { name: "Sign In" })
              .click();
          }
          const dialog = tab.getByRole("dialog", { name: "Welcome to PromptShelf" });
          await expect(
            dialog.getByText("Sign in to access your AI prompt management dashboard"),
          ).toBeVisible();
          await expect(dialog.getByRole("button", { name: "Continue with Google" })).toBeVisible();
          await expectAccessible(tab);
          await tab.keyboard.press("Escape");
          await expect(dialog).toBeHidden();
        }
      });
    }
  });
}

test("every start button on the home page opens the sign-in dialog", async ({ page }) => {
  await page.goto("/");
  for (const name of ["Sign In", "Get Started Free", "Start Your Library"]) {
    await page.getByRole("button", { name }).click();
    await expect(page.getByRole("dialog", { name: "Welcome to PromptShelf" })).toBeVisible();
    await page.keyboard.press("Escape");
  }
  const support = page.getByRole("contentinfo").getByRole("link", { name: "Support" });
  await expect(support).toHaveAttribute("href", /^mailto:/);
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Video tutorials" }),
  ).toHaveAttribute("href", /^https:/);
});

test("a landing page links to /login, and offers the dashboard to a signed-in visitor", async ({
  page,
}) => {
  await page.goto("/ap-lang-library-synthesis-essay-prompt");
  await expect(
    page.getByRole("link", { name: "Already have an account? Sign in" }),
  ).toHaveAttribute("href", "/login");
  await expect(page.getByRole("heading", { name: "Newest community prompts" })).toBeVisible();
  await signInThroughPages(page, {
    email: uniqueEmail("landing"),
    from: "/ap-lang-library-synthesis-essay-prompt",
  });
  await expect(page).toHaveURL(/\/ap-lang-library-synthesis-essay-prompt$/);
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Go to Dashboard" }),
  ).toHaveAttribute("href", "/dashboard");
});

test.describe("unknown paths", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("answer 404 with a way home, and back to the dashboard when signed in", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(
      page.getByText("The page you're looking for doesn't exist or has been moved."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveCount(0);
    await expectAccessible(page);

    await signIn(page, { email: uniqueEmail("lost") });
    await page.goto("/no-such-page");
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
