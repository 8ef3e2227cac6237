import type { Page } from "@playwright/test";
import { type ModelServer, startModelServer } from "../support/model-server.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";
import { card } from "./support/prompts.ts";
import { signIn, uniqueEmail } from "./support/sign-in.ts";
import { test as base, expect, expectAccessible } from "./support/test.ts";

/**
 * The workbench in the browser: connections, a streamed run and Stop, a run's temperature, limit
 * and token counts, Compare of two versions and of two models, test cases and the history's pass
 * counts and the cases a version broke, at 320 and 1280 px, light and dark, by keyboard, axe
 * clean. The model service is the project's stand-in (tests/support/model-server.ts); this
 * file's own server may reach it on loopback, and no other private address.
 */

/** This file's server, allowed to reach the stand-in on 127.0.0.1, and the stand-in: one each per worker. */
const test = base.extend<
  { models: ModelServer },
  { workbench: { server: RunningServer; models: ModelServer } }
>({
  workbench: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const models = await startModelServer();
      const server = await startServer({ CONNECTIONS_PRIVATE_ADDRESSES: "127.0.0.1" });
      await use({ server, models });
      await server.stop();
      await models.close();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ workbench }, use) => use(workbench.server.url),
  models: async ({ workbench }, use) => {
    workbench.models.answer(() => ({}));
    await use(workbench.models);
  },
});

const key = "sk-e2e-never-shown-4c1d9e";

async function addConnection(page: Page, models: ModelServer) {
  await page.goto("/workbench");
  await page.getByRole("button", { name: "Add a connection" }).click();
  await page.getByLabel("Name").fill("Stand-in");
  await page.getByLabel("Base URL").fill(models.openAiUrl);
  await page.getByLabel(/^API key/).fill(key);
  await page.getByLabel(/^Default model/).fill("stand-in-small");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByText(`OpenAI-compatible · ${models.openAiUrl} · key kept`)).toBeVisible();
}

async function savePrompt(page: Page, useCase: string, promptText: string) {
  const res = await page.request.post("/api/v1/prompts", {
    data: { promptText, useCase, shared: false },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

async function openRun(page: Page, title: string) {
  await page.goto("/dashboard");
  await card(page, title)
    .getByRole("button", { name: `Run ${title} against a model` })
    .click();
  return page.getByRole("dialog", { name: `Run: ${title}` });
}

test("a connection is added, its models listed, and its key never shown again", async ({
  page,
  models,
}) => {
  await signIn(page, { email: uniqueEmail("connect"), name: "Grace" });
  await addConnection(page, models);
  await page.getByRole("button", { name: "Models" }).click();
  await expect(page.getByText("Models: stand-in-large, stand-in-small")).toBeVisible();
  expect(await page.content()).not.toContain(key);
  await page.reload();
  await expect(page.getByText("key kept")).toBeVisible();
  expect(await page.content()).not.toContain(key);
  const listed = await page.request.get("/api/v1/connections");
  expect(await listed.text()).not.toContain(key);
  // What the service was sent: the key, as the SDK sends it.
  expect(models.seen.at(-1)?.headers.authorization).toBe(`Bearer ${key}`);
});

test("a team's owner adds a connection its members run with, never seeing its key", async ({
  page,
  browser,
  baseURL,
  models,
}) => {
  await signIn(page, { email: uniqueEmail("team-owner"), name: "Olga" });
  const made = await page.request.post("/api/v1/teams", { data: { name: "Lab" } });
  const { id: teamId } = (await made.json()) as { id: string };
  await page.goto("/workbench");
  await page.getByRole("button", { name: "Add a connection" }).click();
  await page.getByLabel("Name").fill("Lab model");
  await page.getByLabel("Base URL").fill(models.openAiUrl);
  await page.getByLabel(/^API key/).fill(key);
  await page.getByLabel(/^Default model/).fill("stand-in-small");
  await page.getByLabel("Kept for").selectOption({ label: "Lab (the team)" });
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByText("Lab's")).toBeVisible();

  const member = await browser.newPage({ baseURL });
  await signIn(member, { email: uniqueEmail("team-member"), name: "Mo" });
  const invitation = await page.request.post(`/api/v1/teams/${teamId}/invitations`, {
    data: { role: "viewer" },
  });
  const { code } = (await invitation.json()) as { code: string };
  expect((await member.request.post(`/api/v1/invitations/${code}/accept`)).status()).toBe(200);
  await member.goto("/workbench");
  const shown = member.getByRole("listitem").filter({ hasText: "Lab model" });
  await expect(shown.getByText("Lab's")).toBeVisible();
  // Its owners alone change it.
  await expect(shown.getByRole("button", { name: "Edit connection Lab model" })).toHaveCount(0);
  await member.getByLabel("topic").fill("rain");
  await member.getByLabel("Connection", { exact: true }).selectOption({ label: "Lab model (Lab)" });
  await member.getByRole("button", { name: "Run", exact: true }).click();
  await expect(member.locator("output")).toContainText("Echo: Write a short poem about rain.");
  expect(models.seen.at(-1)?.headers.authorization).toBe(`Bearer ${key}`);
  expect(await member.content()).not.toContain(key);
  await expectAccessible(member);
  await member.close();
});

test("a run streams its answer in, and Stop ends the model's request", async ({ page, models }) => {
  await signIn(page, { email: uniqueEmail("run"), name: "Grace" });
  await addConnection(page, models);
  await savePrompt(page, "Haiku", "Write a haiku about {{topic!}}{{#if formal}}, formally{{/if}}.");
  const dialog = await openRun(page, "Haiku");
  await expect(dialog.getByLabel("Model")).toHaveValue("stand-in-small");
  const run = dialog.getByRole("button", { name: "Run", exact: true });
  await expect(run).toBeDisabled();
  await expect(dialog.getByText("Fill in topic to run it.")).toBeVisible();
  await dialog.getByLabel("topic").fill("rain");
  await dialog.getByLabel("formal").check();

  models.answer(() => ({ chunks: ["Soft ", "rain ", "on ", "tin"], chunkDelayMs: 150 }));
  await run.click();
  const answer = dialog.getByRole("status").or(dialog.locator("output")).first();
  // The answer grows while it is written, before it is done.
  await expect(dialog.locator("output")).toContainText("Soft rain");
  await expect(dialog.getByText("Writing…")).toBeVisible();
  await expect(dialog.locator("output")).toHaveText("Soft rain on tin");
  await expect(
    dialog.getByText(/first words after .* · done in .* · kept with version 1/),
  ).toBeVisible();
  expect(models.seen.at(-1)?.prompt).toBe("Write a haiku about rain, formally.");
  await expect(answer).toBeVisible();

  models.answer(() => ({ endless: true, chunkDelayMs: 20 }));
  const arrived = models.nextRequest();
  await run.click();
  await expect(dialog.locator("output")).toContainText("3 ");
  await dialog.getByRole("button", { name: "Stop" }).click();
  await expect(dialog.getByText("Stopped. Nothing was kept.")).toBeVisible();
  expect(await (await arrived).closed).toEqual({ finished: false });

  await dialog.getByRole("tab", { name: "Runs" }).click();
  await expect(dialog.getByText(/Version 1 · stand-in-small on Stand-in/)).toHaveCount(1);
});

test("temperature and max tokens set on the Run tab reach the model; the run shows its tokens", async ({
  page,
  models,
}) => {
  await signIn(page, { email: uniqueEmail("settings"), name: "Grace" });
  await addConnection(page, models);
  await savePrompt(page, "Limerick", "Write a limerick about {{topic!}}.");
  const dialog = await openRun(page, "Limerick");
  await dialog.getByLabel("topic").fill("tea");
  await dialog.getByLabel("Temperature").fill("0.3");
  await dialog.getByLabel("Max tokens").fill("64");
  models.answer(() => ({ text: "A kettle once sang", usage: { input: 17, output: 5 } }));
  await dialog.getByRole("button", { name: "Run", exact: true }).click();
  await expect(dialog.locator("output")).toHaveText("A kettle once sang");
  await expect(
    dialog.getByText(/done in .* · 17 tokens in · 5 out · kept with version 1/),
  ).toBeVisible();
  // What the model was asked for, as the SDK sent it (the stand-in is not api.openai.com, so
  // the limit goes as max_tokens).
  const asked = models.seen.filter((seen) => seen.path === "/v1/chat/completions").at(-1);
  expect(asked?.prompt).toBe("Write a limerick about tea.");
  expect(asked?.body).toMatchObject({ model: "stand-in-small", temperature: 0.3, max_tokens: 64 });
});

test("Compare runs two versions side by side; a test run shows in the history", async ({
  page,
  models,
}) => {
  await signIn(page, { email: uniqueEmail("compare"), name: "Grace" });
  await addConnection(page, models);
  const prompt = await savePrompt(page, "Greeter", "Say hello to {{name}}");
  const edited = await page.request.patch(`/api/v1/prompts/${prompt.id}`, {
    data: { promptText: "Say goodbye to {{name}}", useCase: "Greeter" },
  });
  expect(edited.status()).toBe(200);
  models.answer(() => ({}));
  const dialog = await openRun(page, "Greeter");
  await dialog.getByLabel("name").fill("Ada");
  await dialog.getByRole("tab", { name: "Compare" }).click();
  await expect(dialog.getByLabel("A: Version")).toHaveValue("1");
  await expect(dialog.getByLabel("B: Version")).toHaveValue("2");
  await dialog.getByRole("button", { name: "Run both" }).click();
  await expect(dialog.getByRole("region", { name: "Side A" }).locator("output")).toHaveText(
    "Echo: Say hello to Ada",
  );
  await expect(dialog.getByRole("region", { name: "Side B" }).locator("output")).toHaveText(
    "Echo: Say goodbye to Ada",
  );

  await dialog.getByRole("tab", { name: "Tests" }).click();
  await dialog.getByRole("button", { name: "New test case" }).click();
  await dialog.getByLabel("Test case name").fill("Says goodbye");
  await dialog.locator("form").getByLabel("name", { exact: true }).fill("Bob");
  await dialog.getByLabel("Check 1: contains").fill("goodbye");
  await dialog.getByRole("button", { name: "Save test case" }).click();
  await dialog.getByRole("button", { name: "Run all tests" }).click();
  await expect(dialog.getByText("1 of 1 pass on version 2.")).toBeVisible();
  await expect(dialog.getByText("Passed:")).toBeVisible();
  await page.keyboard.press("Escape");

  await card(page, "Greeter")
    .getByRole("button", { name: /history of Greeter/ })
    .click();
  const history = page.getByRole("dialog", { name: "History: Greeter" });
  await expect(history.getByText("1 of 1 test cases pass")).toBeVisible();
});

test("Compare runs two models side by side, each answer in its own column", async ({
  page,
  models,
}) => {
  await signIn(page, { email: uniqueEmail("compare-models"), name: "Grace" });
  await addConnection(page, models);
  await savePrompt(page, "Riddle", "Ask a riddle about {{thing}}");
  // The stand-in answers by the model each request names.
  models.answer((request) => ({
    text: `${request.body?.model === "stand-in-large" ? "Large" : "Small"} model: ${request.prompt}`,
  }));
  const dialog = await openRun(page, "Riddle");
  await dialog.getByLabel("thing").fill("clocks");
  await dialog.getByRole("tab", { name: "Compare" }).click();
  // One version: both sides run it; the models differ.
  await expect(dialog.getByLabel("A: Version")).toHaveValue("1");
  await expect(dialog.getByLabel("B: Version")).toHaveValue("1");
  await expect(dialog.getByLabel("A: Model")).toHaveValue("stand-in-small");
  await dialog.getByLabel("B: Model").fill("stand-in-large");
  await dialog.getByRole("button", { name: "Run both" }).click();
  await expect(dialog.getByRole("region", { name: "Side A" }).locator("output")).toHaveText(
    "Small model: Ask a riddle about clocks",
  );
  await expect(dialog.getByRole("region", { name: "Side B" }).locator("output")).toHaveText(
    "Large model: Ask a riddle about clocks",
  );
  const asked = models.seen
    .filter((seen) => seen.path === "/v1/chat/completions")
    .slice(-2)
    .map((seen) => seen.body?.model)
    .sort();
  expect(asked).toEqual(["stand-in-large", "stand-in-small"]);
});

test("the history says which test cases a version broke that the one before passed", async ({
  page,
  models,
}) => {
  await signIn(page, { email: uniqueEmail("broke"), name: "Grace" });
  await addConnection(page, models);
  const prompt = await savePrompt(page, "Welcomer", "Say hello to {{name}}");
  models.answer(() => ({}));
  let dialog = await openRun(page, "Welcomer");
  await dialog.getByRole("tab", { name: "Tests" }).click();
  await dialog.getByRole("button", { name: "New test case" }).click();
  await dialog.getByLabel("Test case name").fill("Says hello");
  await dialog.locator("form").getByLabel("name", { exact: true }).fill("Bob");
  await dialog.getByLabel("Check 1: contains").fill("hello");
  await dialog.getByRole("button", { name: "Save test case" }).click();
  await dialog.getByRole("button", { name: "Run all tests" }).click();
  await expect(dialog.getByText("1 of 1 pass on version 1.")).toBeVisible();
  await page.keyboard.press("Escape");

  // Version 2 no longer says hello: the same case fails on it.
  const edited = await page.request.patch(`/api/v1/prompts/${prompt.id}`, {
    data: { promptText: "Say goodbye to {{name}}", useCase: "Welcomer" },
  });
  expect(edited.status()).toBe(200);
  dialog = await openRun(page, "Welcomer");
  await dialog.getByRole("tab", { name: "Tests" }).click();
  await dialog.getByRole("button", { name: "Run all tests" }).click();
  await expect(dialog.getByText("0 of 1 pass on version 2.")).toBeVisible();
  await expect(dialog.getByText("Failed:")).toBeVisible();
  await page.keyboard.press("Escape");

  await card(page, "Welcomer")
    .getByRole("button", { name: /history of Welcomer/ })
    .click();
  const history = page.getByRole("dialog", { name: "History: Welcomer" });
  const second = history.locator('li[data-version="2"]');
  const first = history.locator('li[data-version="1"]');
  await expect(second.getByText("0 of 1 test cases pass")).toBeVisible();
  await expect(second.getByText("v2 fails 1 of 1 that v1 passed: Says hello")).toBeVisible();
  await expect(first.getByText("1 of 1 test cases pass")).toBeVisible();
  // The first version broke nothing: it has none before it to compare with.
  await expect(first.getByText(/fails/)).toHaveCount(0);
});

for (const [width, theme] of [
  [320, "dark"],
  [1280, "light"],
  [320, "light"],
  [1280, "dark"],
] as const) {
  test(`the workbench at ${width} px in the ${theme} theme is usable by keyboard and axe clean`, async ({
    page,
    models,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, { email: uniqueEmail(`layout-${width}`), name: "Grace" });
    await addConnection(page, models);
    await expectAccessible(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      "no sideways scrolling",
    ).toBe(true);
    await savePrompt(
      page,
      "Trip",
      "Plan {{days:number|3}} days in {{city!}} on {{start:date}}, liking {{likes:multi(food,art)}}",
    );
    await page.goto("/dashboard");
    // By keyboard: the card's Run, the dialog's fields, Run.
    await card(page, "Trip").getByRole("button", { name: "Run Trip against a model" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Run: Trip" });
    await expect(dialog.getByLabel("city")).toBeVisible();
    await dialog.getByLabel("city").focus();
    await page.keyboard.type("Lisbon");
    await dialog.getByLabel("art", { exact: true }).check();
    await dialog.getByRole("button", { name: "Run", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog.locator("output")).toHaveText(
      "Echo: Plan 3 days in Lisbon on [start], liking art",
    );
    await expectAccessible(page);
    const tabs = dialog.getByRole("tablist");
    await dialog.getByRole("tab", { name: "Run", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("tab", { name: "Compare" })).toBeFocused();
    await expect(tabs).toBeVisible();
    await expectAccessible(page);
  });
}
