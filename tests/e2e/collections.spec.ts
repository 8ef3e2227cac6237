import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { projectRoot } from "../../server/project-root.ts";
import { card } from "./support/prompts.ts";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

// A real prompt from seed/prompts.csv ("Travel Guide"), shared by someone else.
const travelGuide =
  'I want you to act as a travel guide. I will write you my location and you will suggest a place to visit near my location. In some cases, I will also give you the type of places I will visit. You will also suggest me places of similar type that are close to my first location. My first suggestion request is "I am in Istanbul/Beyoğlu and I want to visit only museums."';

const shots = join(projectRoot, "test-results/screens");

// Another ("Storyteller"), to put in order after it.
const storyteller =
  'I want you to act as a storyteller. You will come up with entertaining stories that are engaging, imaginative and captivating for the audience. My first request is "I need an interesting story on perseverance."';

/** Nothing on the page is wider than the window. */
async function expectFits(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The page as the server sends it to anyone (the browser's own header shows the signed-in
 * person their email, from the session; the page itself never carries it).
 */
async function expectNoEmail(url: string, email: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain("<h1");
  expect(html).not.toContain(email);
  expect(html).not.toContain(email.split("@")[0] ?? email);
}

// A phone in the dark theme and a desktop in the light one: both themes' colours pass axe.
for (const [width, theme] of [
  [375, "dark"],
  [1280, "light"],
] as const) {
  test(`${width} px, ${theme}: turn on a profile, collect a community prompt, and open the public pages`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: theme });
    const suffix = randomBytes(3).toString("hex");
    const useCase = `Travel guide ${suffix}`;

    // Someone else shares a prompt with the community.
    const sharer = await browser.newPage();
    await signIn(sharer, { email: uniqueEmail("sharer"), name: "Sam Sharer" });
    const shared = await sharer.request.post("/api/v1/prompts", {
      data: { promptText: travelGuide, useCase, shared: true },
    });
    expect(shared.status()).toBe(201);
    const secondUseCase = `Storyteller ${suffix}`;
    const second = await sharer.request.post("/api/v1/prompts", {
      data: { promptText: storyteller, useCase: secondUseCase, shared: true },
    });
    expect(second.status()).toBe(201);
    const secondId = ((await second.json()) as { id: string }).id;
    await sharer.close();

    const email = uniqueEmail("collector");
    await signIn(page, { email, name: "Cora Collector" });

    // Settings: the public profile, off until turned on.
    const handle = `cora-${width}-${suffix}`;
    await page.goto("/settings");
    const profile = page.getByRole("region", { name: "Public profile" });
    await expect(profile.getByLabel("Show my public profile")).not.toBeChecked();
    await profile.getByLabel("Show my public profile").check();
    await profile.getByLabel("Handle").fill(handle);
    await profile.getByLabel("Display name").fill("Cora the Collector");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expectToast(page, "Public profile saved");
    await expect(profile.getByRole("link", { name: "View your public profile" })).toBeVisible();
    await expectFits(page);
    await expectAccessible(page);

    // A new public collection.
    const title = `Trips ${width} ${suffix}`;
    await page.goto("/collections");
    await expect(page.getByText("You have no collections yet.")).toBeVisible();
    const form = page.getByRole("region", { name: "New collection" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Description (optional)").fill("Prompts for planning a city break");
    await form.getByLabel(/^Public/).check();
    await form.getByRole("button", { name: "Create collection" }).click();
    await expectToast(page, `Created ${title}`);
    await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
    await expectFits(page);
    await expectAccessible(page);

    // "Add to collection" on the community card, by keyboard.
    await page.goto("/community");
    const add = card(page, useCase).getByRole("button", { name: `Add ${useCase} to a collection` });
    await add.focus();
    await page.keyboard.press("Enter");
    const item = page.getByRole("menuitem", { name: title });
    await expect(item).toBeVisible();
    await item.focus();
    await page.keyboard.press("Enter");
    await expectToast(page, `Added to ${title}`);
    // A second one, as a script would add it, to put in order below.
    const collectionId = (
      (await (await page.request.get("/api/v1/collections")).json()) as {
        id: string;
        title: string;
      }[]
    ).find((each) => each.title === title)?.id;
    const added = await page.request.post(`/api/v1/collections/${collectionId}/items`, {
      data: { promptId: secondId },
    });
    expect(added.status()).toBe(201);

    // Back in Collections: the prompts are in it, put in order by keyboard; a note for one.
    await page.goto("/collections");
    await page.getByRole("button", { name: new RegExp(title) }).click();
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeFocused();
    await expect(page.getByRole("link", { name: useCase })).toBeVisible();
    const order = page.locator("[data-collection-editor] li h4 a");
    await expect(order).toHaveText([useCase, secondUseCase]);
    await page.getByRole("button", { name: `Move down: ${useCase}` }).focus();
    await page.keyboard.press("Enter");
    await expect(order).toHaveText([secondUseCase, useCase]);
    await expect(page.getByRole("button", { name: `Move down: ${useCase}` })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(order).toHaveText([useCase, secondUseCase]);
    await expect(page.getByRole("button", { name: `Move up: ${useCase}` })).toBeFocused();
    await page.getByLabel(`Note on ${useCase}`, { exact: true }).fill("Start with this one");
    await page.getByRole("button", { name: `Save note on ${useCase}` }).click();
    await expect(page.getByLabel(`Note on ${useCase}`, { exact: true })).toHaveValue(
      "Start with this one",
    );
    await expect(page.getByRole("button", { name: `Save note on ${useCase}` })).toBeFocused();
    await expectFits(page);
    await expectAccessible(page);
    await page.screenshot({
      path: join(shots, `${theme}-${width}-collection-editor.png`),
      fullPage: true,
    });

    // The public page, as anyone sees it.
    await page.getByRole("link", { name: "View public page" }).click();
    await expect(page).toHaveURL(/\/c\/[0-9A-Za-z]{11}-trips-/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Start with this one")).toBeVisible();
    await expect(page.getByRole("link", { name: useCase })).toHaveAttribute("href", /^\/p\//);
    await expect(page.getByRole("button", { name: /Star/ })).toBeVisible();
    await expectNoEmail(page.url(), email);
    await expectFits(page);
    await expectAccessible(page);
    await page.screenshot({
      path: join(shots, `${theme}-${width}-collection-page.png`),
      fullPage: true,
    });

    // And the creator's profile, linked from it.
    await page.getByRole("link", { name: "Cora the Collector" }).click();
    await expect(page).toHaveURL(new RegExp(`/u/${handle}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Cora the Collector" })).toBeVisible();
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await expectNoEmail(page.url(), email);
    await expectFits(page);
    await expectAccessible(page);
    await page.screenshot({
      path: join(shots, `${theme}-${width}-profile-page.png`),
      fullPage: true,
    });

    // The narrowest phones too.
    await page.setViewportSize({ width: 320, height: 700 });
    await expectFits(page);
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectFits(page);
  });
}
