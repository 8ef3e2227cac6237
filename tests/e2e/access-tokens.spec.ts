import type { APIRequestContext, Page } from "@playwright/test";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

function listPersonal(request: APIRequestContext, token: string) {
  return request.get("/api/v1/prompts?scope=personal", { headers: bearer(token) });
}

/** Creates a token in the settings panel and hands back the value it shows once. */
async function createToken(page: Page, name: string, access: "Read only" | "Read and write") {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel(access).check();
  await page.getByRole("button", { name: "Create token" }).click();
  const field = page.getByLabel("Your new token");
  await expect(field).toBeFocused();
  const token = await field.inputValue();
  expect(token).toMatch(/^ps_[A-Za-z0-9_-]{20,}$/);
  return token;
}

function tokenRow(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
}

test("create a read-and-write token, copy it, use it, and revoke it", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // Axe runs three times over the settings page (empty, with the new token light and dark).
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await signIn(page, { email: uniqueEmail("tokens") });
  await page.goto("/settings");
  const panel = page.getByRole("region", { name: "Access tokens" });
  await expect(panel.getByText("No tokens yet")).toBeVisible();
  await expect(page.getByLabel("Expires")).toHaveValue("30");
  await expect(page.getByLabel("Include admin rights")).toHaveCount(0);
  await expectAccessible(page);

  const token = await createToken(page, "Script on my laptop", "Read and write");
  await expect(page.getByText("Copy it now: you won't be able to see it again.")).toBeVisible();
  const config = page.getByRole("figure", { name: /MCP client configuration/ }).locator("pre");
  expect(JSON.parse((await config.textContent()) ?? "")).toEqual({
    mcpServers: {
      promptshelf: { url: `${baseURL}/mcp`, headers: { Authorization: `Bearer ${token}` } },
    },
  });
  await page.getByRole("button", { name: "Copy token" }).click();
  await expectToast(page, "Copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const row = tokenRow(page, "Script on my laptop");
  await expect(row).toContainText("Read and write");
  await expect(row).toContainText("Never used");
  await expect(row).toContainText(/Expires \w{3} \d{1,2}, \d{4}/);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "light" });

  // The token acts as its person through the API, cookie or none.
  expect((await listPersonal(request, token)).status()).toBe(200);
  const created = await request.post("/api/v1/prompts", {
    headers: bearer(token),
    data: { promptText: "Written by a script with a token", shared: false },
  });
  expect(created.status()).toBe(201);

  // Shown once: after a reload only its name and use are left.
  await page.reload();
  await expect(row).toContainText(/Last used \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByLabel("Your new token")).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  // Cancelling leaves it, and focus goes back to its Revoke button.
  const revoke = page.getByRole("button", { name: "Revoke Script on my laptop" });
  await revoke.click();
  const dialog = page.getByRole("alertdialog", { name: "Revoke Script on my laptop?" });
  await expect(dialog).toContainText("Anything using it stops working at once.");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeFocused();

  await revoke.click();
  await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
  await expectToast(page, "Token revoked", '"Script on my laptop" no longer works.');
  await expect(panel.getByText("No tokens yet")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your tokens" })).toBeFocused();
  const refused = await listPersonal(request, token);
  expect(refused.status()).toBe(401);
});

test("a read-only token reads but may not write; revoking moves focus to the next token", async ({
  page,
  request,
}) => {
  await signIn(page, { email: uniqueEmail("reader") });
  await page.goto("/settings");
  const older = await createToken(page, "Older", "Read and write");
  await page.getByRole("button", { name: "Done, I've copied it" }).click();
  await expect(page.getByLabel("Your new token")).toHaveCount(0);
  const reader = await createToken(page, "Reporting script", "Read only");
  await expect(tokenRow(page, "Reporting script")).toContainText("Read only");

  expect((await listPersonal(request, reader)).status()).toBe(200);
  const write = await request.post("/api/v1/prompts", {
    headers: bearer(reader),
    data: { promptText: "Not allowed", shared: false },
  });
  expect(write.status()).toBe(403);

  // Newest first: revoking the newest hands focus to the older one's Revoke.
  await page.getByRole("button", { name: "Revoke Reporting script" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(page.getByRole("button", { name: "Revoke Older" })).toBeFocused();
  expect((await listPersonal(request, reader)).status()).toBe(401);
  expect((await listPersonal(request, older)).status()).toBe(200);
});

test("an administrator may give a token admin rights", async ({ page }) => {
  await signIn(page, { email: "admin@example.com" });
  await page.goto("/settings");
  await page.getByLabel("Name", { exact: true }).fill("Admin script");
  await page.getByLabel("Include admin rights").check();
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByLabel("Your new token")).toBeFocused();
  const row = tokenRow(page, "Admin script").first();
  await expect(row).toContainText("Admin rights");
  await row.getByRole("button", { name: "Revoke Admin script" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke", exact: true }).click();
  await expectToast(page, "Token revoked");
});

test.describe("refusals", () => {
  // The refused requests are answered 400 or 503, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of (400|503)/] });

  test("a list that fails to load says so and offers to try again", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("offline") });
    await page.route("/api/v1/tokens", (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: "unavailable", message: "The service is busy. Please try again." } },
      }),
    );
    await page.goto("/settings");
    await expect(page.getByRole("alert")).toContainText(
      "Your tokens could not be loaded: The service is busy. Please try again.",
    );
    await page.unroute("/api/v1/tokens");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByText("No tokens yet")).toBeVisible();
  });

  test("the server's refusal is said in words: the 50-token limit", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("many") });
    for (let n = 1; n <= 50; n++) {
      const res = await page.request.post("/api/v1/tokens", {
        data: { name: `Token ${n}`, scope: "read", expiresInDays: 7 },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto("/settings");
    await expect(page.getByRole("button", { name: "Revoke Token 50" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("One too many");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "You have 50 access tokens, the most allowed. Revoke one first.",
    );
    await expect(page.getByLabel("Your new token")).toHaveCount(0);
  });

  test("a token needs a name", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("nameless") });
    await page.goto("/settings");
    await page.getByLabel("Name", { exact: true }).fill("   ");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please name the token");
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  });
});
