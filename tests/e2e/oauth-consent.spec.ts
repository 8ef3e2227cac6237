import { createHash, randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { projectRoot } from "../../server/project-root.ts";
import { signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const redirectUri = "https://client.example/callback";
const shotsDir = join(projectRoot, "test-results/screens");

/** An MCP client registered as one would on first run, and an authorization URL of its own. */
async function authorizationUrl(request: APIRequestContext, baseURL: string, scope: string) {
  const registered = await request.post("/oauth/register", {
    data: { client_name: "Acme Assistant", redirect_uris: [redirectUri] },
  });
  expect(registered.status()).toBe(201);
  const { client_id } = await registered.json();
  const verifier = randomBytes(32).toString("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id,
    redirect_uri: redirectUri,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    scope,
    state: "e2e-state",
    resource: `${baseURL}/mcp`,
  });
  return `/oauth/authorize?${query}`;
}

/** The client's own page, where the browser lands with the answer: a stub, no network. */
async function stubClient(page: Page) {
  await page.route("https://client.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><html lang=en><title>Acme Assistant</title><p>Connected</p></html>",
    }),
  );
}

test("the consent page names the app, what it may do and as whom; Allow sends a code back", async ({
  page,
  baseURL,
}) => {
  await stubClient(page);
  const email = uniqueEmail("consent");
  await signIn(page, { email, name: "Casey Consent" });
  await page.goto(
    await authorizationUrl(page.request, baseURL ?? "", "prompts:read prompts:write"),
  );

  const card = page.getByRole("region", { name: "Connect Acme Assistant to PromptShelf?" });
  await expect(card).toBeVisible();
  await expect(card.getByText(`Casey Consent (${email})`)).toBeVisible();
  await expect(card.getByText("client.example", { exact: true })).toBeVisible();
  await expect(card.getByText("Search and read your prompts, folders and tags")).toBeVisible();
  await expect(card.getByText("Save new prompts and change your prompts")).toBeVisible();

  await mkdir(shotsDir, { recursive: true });
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${theme}, ${width} px: pixels wider than the window`).toBe(0);
      await expectAccessible(page);
      await page.screenshot({
        path: join(shotsDir, `oauth-consent-${theme}-${width}.png`),
        fullPage: true,
      });
    }
  }

  // The answer is read off the request the browser sends: Chromium's headless shell does not
  // route a navigation a form's redirect started to the stub (as neither does any Chromium for
  // one started from the keyboard, below).
  const sentBack = page.waitForRequest(/^https:\/\/client\.example\/callback\?/);
  await page.getByRole("button", { name: "Allow" }).click();
  const answer = new URL((await sentBack).url());
  expect(answer.searchParams.get("code")).toMatch(/^[\w-]{40,}$/);
  expect(answer.searchParams.get("state")).toBe("e2e-state");
  expect(answer.searchParams.get("iss")).toBe(baseURL);
});

test("signed out, the person signs in and comes back to the question; Deny tells the app no", async ({
  page,
  baseURL,
}) => {
  await stubClient(page);
  const path = await authorizationUrl(page.request, baseURL ?? "", "prompts:read");
  await page.goto(path);
  await expect(
    page.getByRole("heading", { name: "Sign in to connect Acme Assistant" }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveTitle("Development sign-in");
  await page.getByLabel("Email").fill(uniqueEmail("returning"));
  await page.getByRole("button", { name: "Sign in" }).click();

  const card = page.getByRole("region", { name: "Connect Acme Assistant to PromptShelf?" });
  await expect(card).toBeVisible();
  await expect(card.getByText("It will be able to (read only)")).toBeVisible();
  await expect(card.getByText("Save new prompts")).toHaveCount(0);
  // By keyboard: Deny comes first, then Allow; Enter answers. (Playwright does not route a
  // navigation started from the keyboard to the stub, so the answer is read off the request.)
  await card.getByRole("button", { name: "Deny" }).focus();
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Allow" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  const sentBack = page.waitForRequest(/^https:\/\/client\.example\/callback\?/);
  await page.keyboard.press("Enter");
  const answer = new URL((await sentBack).url());
  expect(answer.searchParams.get("error")).toBe("access_denied");
  expect(answer.searchParams.get("state")).toBe("e2e-state");
  expect(answer.searchParams.get("code")).toBeNull();
});
