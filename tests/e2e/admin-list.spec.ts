import { randomBytes } from "node:crypto";
import type { Browser } from "@playwright/test";
import { createPrompts } from "./support/prompts.ts";
import { signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

/** Someone else with one shared and one private prompt holding the word. */
async function personWithPrompts(browser: Browser, name: string, word: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(name);
  await signIn(page, { email });
  await createPrompts(page, [`${word} ${name} shared`], true);
  await createPrompts(page, [`${word} ${name} private`], false);
  await context.close();
  return email;
}

test("an administrator searches, filters and sorts every prompt, and the URL keeps it", async ({
  page,
  browser,
}) => {
  // Three people sign in before the administrator's work begins.
  const word = `lagoon${randomBytes(4).toString("hex")}`;
  const carol = await personWithPrompts(browser, "carol", word);
  await personWithPrompts(browser, "bob", word);
  const rows = page.getByRole("listitem").filter({ hasText: word });

  await signIn(page, { email: "admin@example.com", name: "Site Admin" });
  await expect(page.getByRole("heading", { name: "Global Prompts" })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search prompts" }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(rows).toHaveCount(4);

  await page.getByRole("searchbox", { name: "Owner email contains" }).fill(carol.toUpperCase());
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "bob" })).toHaveCount(0);

  await page.getByLabel("Visibility").selectOption({ label: "Private (personal)" });
  await expect(page).toHaveURL(/[?&]visibility=private/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`${word} carol private`);
  await expect(rows).toContainText("Personal");

  await page.getByLabel("Sort by").selectOption({ label: "Title A–Z" });
  await expect(page).toHaveURL(/[?&]sort=title/);
  await expect(rows).toHaveCount(1);

  // A reload (or a shared link) gives the same list, with the controls showing how it is narrowed.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("searchbox", { name: "Owner email contains" })).toHaveValue(
    carol.toUpperCase(),
  );
  await expect(page.getByLabel("Visibility")).toHaveValue("private");
  await expectAccessible(page);

  await page.getByRole("searchbox", { name: "Owner email contains" }).fill("");
  await expect(page).not.toHaveURL(/[?&]owner=/);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "shared" })).toHaveCount(0);

  await page.getByLabel("Visibility").selectOption({ label: "Shared (community)" });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "private" })).toHaveCount(0);
});
