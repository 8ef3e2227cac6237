import type { Page } from "@playwright/test";
import { card, createPrompts } from "./support/prompts.ts";
import { signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

/**
 * Issue 42: one's own library in the Manual order, set by keyboard (Alt+↑/↓ on a focused card,
 * heard by a screen reader) and by dragging, and pins first.
 */

const order = (page: Page) => page.locator("[data-prompt-card] .card-title").allInnerTexts();

test("cards move in the manual order by keyboard and by dragging, and a pin comes first", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("orderer") });
  await createPrompts(page, ["Alpha", "Bravo", "Charlie"]);
  for (const [text, useCase] of [
    ["Alpha", "Alpha"],
    ["Bravo", "Bravo"],
    ["Charlie", "Charlie"],
  ]) {
    const list = await page.request.get(`/api/v1/prompts?scope=personal&q=${text}`);
    const id = (await list.json()).items[0].id;
    await page.request.patch(`/api/v1/prompts/${id}`, { data: { useCase } });
  }
  await page.goto("/dashboard?sort=manual");
  await expect(page.getByLabel("Sort by")).toHaveValue("manual");
  await expect.poll(() => order(page)).toEqual(["Charlie", "Bravo", "Alpha"]);

  // Keyboard: Alt+↓ on the focused first card moves it down one, keeps focus, and says so.
  await card(page, "Charlie").focus();
  await page.keyboard.press("Alt+ArrowDown");
  await expect.poll(() => order(page)).toEqual(["Bravo", "Charlie", "Alpha"]);
  await expect(page.getByRole("status").filter({ hasText: "moved" })).toHaveText(
    "Charlie moved to position 2 of 3.",
  );
  await expect(card(page, "Charlie")).toBeFocused();
  await page.keyboard.press("Alt+ArrowUp");
  await expect.poll(() => order(page)).toEqual(["Charlie", "Bravo", "Alpha"]);

  // Dragging Alpha onto Charlie puts it first; the order is kept on reload.
  await card(page, "Alpha").dragTo(card(page, "Charlie"));
  await expect.poll(() => order(page)).toEqual(["Alpha", "Charlie", "Bravo"]);
  await page.reload();
  await expect.poll(() => order(page)).toEqual(["Alpha", "Charlie", "Bravo"]);

  // Pinning Bravo takes it to the top, in this order and in Newest.
  await card(page, "Bravo").getByRole("button", { name: "Pin Bravo to the top" }).click();
  await expect.poll(() => order(page)).toEqual(["Bravo", "Alpha", "Charlie"]);
  await page.goto("/dashboard");
  await expect.poll(() => order(page)).toEqual(["Bravo", "Charlie", "Alpha"]);
});
