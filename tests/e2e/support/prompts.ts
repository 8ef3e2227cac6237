import { expect, type Page } from "@playwright/test";

/** Opens the page's add/share form, fills it, and saves. */
export async function addPrompt(
  page: Page,
  prompt: { useCase?: string; text: string; button?: string },
) {
  await page.getByRole("button", { name: prompt.button ?? "Add Prompt" }).click();
  if (prompt.useCase !== undefined) await page.getByLabel("Use case").fill(prompt.useCase);
  await page.getByLabel("Prompt", { exact: true }).fill(prompt.text);
  // A form that shares says so on its button.
  await page.getByRole("button", { name: /^(Save|Share) Prompt$/ }).click();
}

/** The card showing this text. */
export function card(page: Page, text: string) {
  return page.getByRole("article").filter({ hasText: text });
}

/** Creates prompts through the API with the page's session. */
export async function createPrompts(page: Page, texts: string[], shared = false) {
  for (const promptText of texts) {
    const res = await page.request.post("/api/v1/prompts", { data: { promptText, shared } });
    expect(res.status()).toBe(201);
  }
}
