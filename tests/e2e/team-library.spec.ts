import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { projectRoot } from "../../server/project-root.ts";
import { realPrompts } from "../support/real-prompts.ts";
import { addPrompt, card } from "./support/prompts.ts";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

// Real prompts: a long one of prompts.csv (long words and lines are what once scrolled pages
// sideways) and a short one.
const real = realPrompts();
const longest = real
  .filter((row) => row.prompt.length < 5_000)
  .reduce((a, b) => (b.prompt.length > a.prompt.length ? b : a));
const short = real.find((row) => row.act === "Travel Guide");
if (!short) throw new Error("prompts.csv has no Travel Guide");

const shots = join(projectRoot, "test-results/screens");

async function person(browser: Browser, name: string) {
  const page = await browser.newPage();
  await signIn(page, { email: uniqueEmail(name.toLowerCase()), name });
  return page;
}

/** Lets a person into the team by an invitation for the role, as the API does it. */
async function letIn(owner: Page, member: Page, teamId: string, role: "viewer" | "editor") {
  const invitation = await owner.request.post(`/api/v1/teams/${teamId}/invitations`, {
    data: { role },
  });
  expect(invitation.status()).toBe(201);
  const { code } = (await invitation.json()) as { code: string };
  const accepted = await member.request.post(`/api/v1/invitations/${code}/accept`);
  expect(accepted.status()).toBe(200);
}

async function expectFits(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a team's library: the owner moves a prompt in, an editor adds one, a viewer suggests a change the editor accepts and labels, keeps a copy and switches back", async ({
  page,
  browser,
}) => {
  const suffix = randomBytes(3).toString("hex");
  const teamName = `Marketing ${suffix}`;
  await signIn(page, { email: uniqueEmail("owner"), name: "Olive Owner" });
  const created = await page.request.post("/api/v1/teams", { data: { name: teamName } });
  expect(created.status()).toBe(201);
  const teamId = ((await created.json()) as { id: string }).id;
  const editor = await person(browser, "Eddie");
  const viewer = await person(browser, "Vera");
  await letIn(page, editor, teamId, "editor");
  await letIn(page, viewer, teamId, "viewer");

  // The owner moves one of their own prompts in from its card's menu.
  const ownUseCase = `Long brief ${suffix}`;
  const own = await page.request.post("/api/v1/prompts", {
    data: { promptText: longest.prompt, useCase: ownUseCase, shared: false },
  });
  expect(own.status(), await own.text()).toBe(201);
  await page.goto("/personal");
  const ownCard = card(page, ownUseCase);
  await ownCard.getByRole("button", { name: `Move ${ownUseCase} to...` }).click();
  await page.getByRole("menuitem", { name: teamName }).click();
  const confirm = page.getByRole("dialog", { name: `Move into ${teamName}?` });
  await confirm.getByRole("button", { name: "Move into team" }).click();
  await expectToast(page, `Moved into ${teamName}`);
  await expect(ownCard).toHaveCount(0);

  // The editor finds it in the team's library, by the sidebar's switcher, and adds another.
  await editor.goto("/personal");
  await editor
    .getByRole("navigation", { name: "Library" })
    .getByRole("link", { name: teamName })
    .click();
  await expect(editor.getByRole("heading", { level: 1, name: teamName })).toBeVisible();
  await expect(card(editor, ownUseCase)).toBeVisible();
  await addPrompt(editor, { useCase: `${short.act} ${suffix}`, text: short.prompt });
  await expectToast(editor, "Prompt added to the team's library");
  await expect(card(editor, `${short.act} ${suffix}`)).toBeVisible();
  await expect(
    card(editor, ownUseCase).getByRole("button", { name: `Edit ${ownUseCase}` }),
  ).toBeVisible();
  // The editor pins the owner's long brief to the top of the team's library.
  await card(editor, ownUseCase)
    .getByRole("button", { name: `Pin ${ownUseCase} to the top` })
    .click();
  await expect(
    card(editor, ownUseCase).getByRole("button", { name: `Pin ${ownUseCase} to the top` }),
  ).toHaveAttribute("aria-pressed", "true");

  // The viewer reads both, may change neither, keeps a copy; on a phone in the dark, nothing
  // is wider than the screen and axe finds nothing.
  await viewer.setViewportSize({ width: 320, height: 800 });
  await viewer.emulateMedia({ colorScheme: "dark" });
  await viewer.goto(`/teams/${teamId}`);
  await expect(viewer.getByRole("heading", { level: 1, name: teamName })).toBeVisible();
  await expect(card(viewer, `${short.act} ${suffix}`)).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Add Prompt" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: `Edit ${ownUseCase}` })).toHaveCount(0);
  // The team's pin shows to every member, first in the list; only its editors change it.
  await expect(viewer.locator("main").getByRole("article").first()).toContainText(ownUseCase);
  await expect(card(viewer, ownUseCase).getByText("Pinned", { exact: true })).toBeVisible();
  await expect(viewer.getByRole("button", { name: `Pin ${ownUseCase} to the top` })).toHaveCount(0);
  await expectFits(viewer);
  await expectAccessible(viewer);
  await viewer.screenshot({ path: join(shots, "team-library-320-dark.png"), fullPage: true });
  await card(viewer, `${short.act} ${suffix}`)
    .getByRole("button", { name: "Save to my library" })
    .click();
  await expectToast(viewer, "Saved to your library");
  // The viewer suggests a change; the editor sees it against the current text and accepts it.
  const shortCard = () => card(viewer, `${short.act} ${suffix}`);
  await shortCard()
    .getByRole("button", { name: `suggest a change: ${short.act} ${suffix}` })
    .click();
  const suggest = viewer.getByRole("dialog", { name: `Suggest a change: ${short.act} ${suffix}` });
  const suggested = `${short.prompt} Answer in French.`;
  await suggest.getByLabel("Suggested text").fill(suggested);
  await suggest.getByLabel("Why (optional)").fill("Our readers are in Lyon");
  await suggest.getByRole("button", { name: "Suggest this change" }).click();
  await expectToast(viewer, "Suggestion sent to the team's editors");
  await expect(suggest.getByText("Waiting")).toBeVisible();
  await viewer.keyboard.press("Escape");
  // The prompt's workbench shows the viewer the team's test cases, to read: its editors write them.
  await shortCard()
    .getByRole("button", { name: `Run ${short.act} ${suffix} against a model` })
    .click();
  const workbench = viewer.getByRole("dialog", { name: `Run: ${short.act} ${suffix}` });
  await workbench.getByRole("tab", { name: "Tests" }).click();
  await expect(
    workbench.getByText("No test cases yet. The team's editors add them."),
  ).toBeVisible();
  await expect(workbench.getByRole("button", { name: "New test case" })).toHaveCount(0);
  await expect(workbench.getByRole("tab", { name: "Runs" })).toBeVisible();
  await viewer.keyboard.press("Escape");
  // The palette finds the team's prompt among the viewer's teams' (their copy, in their library).
  await viewer.keyboard.press("Control+K");
  const palette = viewer.getByRole("dialog", { name: "Command palette" });
  await expect(palette.getByRole("combobox")).toBeFocused();
  await viewer.keyboard.type(suffix);
  const teams = palette.getByRole("group", { name: "Your teams" });
  await expect(teams).toContainText(`${short.act} ${suffix}`);
  await expect(palette.getByRole("group", { name: "Your library" })).toContainText(suffix);
  await viewer.keyboard.press("Escape");

  await editor.reload();
  await card(editor, `${short.act} ${suffix}`)
    .getByRole("button", { name: `suggestions: ${short.act} ${suffix}` })
    .click();
  const review = editor.getByRole("dialog", { name: `Suggestions: ${short.act} ${suffix}` });
  await expect(review.getByText("“Our readers are in Lyon”")).toBeVisible();
  await expect(review.locator("ins").filter({ hasText: "French" })).toBeVisible();
  await review.getByRole("button", { name: "Accept the suggestion by Vera" }).click();
  await expectToast(editor, "Suggestion accepted as version 2");

  // The editor labels the new version production, and a client reads it by that label.
  await card(editor, `${short.act} ${suffix}`)
    .getByRole("button", { name: `edited · 2 versions: history of ${short.act} ${suffix}` })
    .click();
  const history = editor.getByRole("dialog", { name: `History: ${short.act} ${suffix}` });
  await expect(history.getByText("Vera ·")).toBeVisible();
  await history.getByRole("button", { name: "Label version 2" }).click();
  await history.getByLabel("Label for version 2").fill("production");
  await history.getByRole("button", { name: "Put here" }).click();
  await expectToast(editor, "“production” is on version 2");
  await expect(history.getByText("production", { exact: true })).toBeVisible();
  const listed = await viewer.request.get(`/api/v1/prompts?scope=team&team=${teamId}`);
  const { items } = (await listed.json()) as { items: { id: string; title: string }[] };
  const promptId = items.find((item) => item.title === `${short.act} ${suffix}`)?.id;
  const byLabel = await viewer.request.get(`/api/v1/prompts/${promptId}?label=production`);
  expect(((await byLabel.json()) as { promptText: string }).promptText).toBe(suggested);
  await editor.keyboard.press("Escape");

  // Back to their own library by the drawer's switcher.
  await viewer.getByRole("button", { name: "Libraries" }).click();
  await viewer
    .getByRole("dialog", { name: "Libraries" })
    .getByRole("link", { name: "My prompts" })
    .click();
  await expect(viewer).toHaveURL(/\/personal$/);
  await expect(card(viewer, short.prompt.slice(0, 60))).toBeVisible();

  // Wide and light: the owner's view of the team.
  await page.setViewportSize({ width: 1920, height: 1000 });
  await page.goto(`/teams/${teamId}`);
  await expect(card(page, ownUseCase)).toBeVisible();
  await expectFits(page);
  await expectAccessible(page);
  await page.screenshot({ path: join(shots, "team-library-1920-light.png") });

  // Any member downloads the team's library; its editors also import into it.
  await page.getByRole("button", { name: "Export & import" }).click();
  const data = page.getByRole("dialog", { name: `Export and import: ${teamName}` });
  const download = data.getByRole("link", { name: "Download JSON" });
  expect(await download.getAttribute("href")).toBe(`/api/v1/export?team=${teamId}&format=json`);
  const exported = await page.request.get((await download.getAttribute("href")) ?? "");
  const json = (await exported.json()) as { prompts: { promptText: string }[] };
  expect(json.prompts.map((prompt) => prompt.promptText).sort()).toEqual(
    [longest.prompt, suggested].sort(),
  );
  await expect(data.getByText("Choose a file to import")).toBeVisible();
  await page.keyboard.press("Escape");
  await viewer.goto(`/teams/${teamId}`);
  await viewer.getByRole("button", { name: "Export", exact: true }).click();
  await expect(viewer.getByRole("dialog", { name: `Export: ${teamName}` })).toBeVisible();
  await expect(viewer.getByText("Choose a file to import")).toHaveCount(0);

  // Someone outside the team finds nothing there.
  const stranger = await person(browser, "Stan");
  const response = await stranger.goto(`/teams/${teamId}`);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await expect(stranger.getByText(ownUseCase)).toHaveCount(0);
  for (const other of [editor, viewer, stranger]) await other.close();
});

test("accepting a suggestion into a shared team prompt asks first when the text holds private data", async ({
  page,
  browser,
}) => {
  const suffix = randomBytes(3).toString("hex");
  await signIn(page, { email: uniqueEmail("editor"), name: "Edna Editor" });
  const created = await page.request.post("/api/v1/teams", { data: { name: `Lab ${suffix}` } });
  expect(created.status()).toBe(201);
  const teamId = ((await created.json()) as { id: string }).id;
  const viewer = await person(browser, "Vic");
  await letIn(page, viewer, teamId, "viewer");
  const useCase = `${short.act} ${suffix}`;
  const made = await page.request.post("/api/v1/prompts", {
    data: { promptText: short.prompt, useCase, shared: true, teamId },
  });
  expect(made.status(), await made.text()).toBe(201);
  const promptId = ((await made.json()) as { id: string }).id;
  // The viewer's text gives a personal address: public at once, were it accepted unasked.
  const suggested = `${short.prompt} Send the plan to vic.tanaka@fastmail.com.`;
  const sent = await viewer.request.post(`/api/v1/prompts/${promptId}/suggestions`, {
    data: { promptText: suggested, note: "Mail it to me" },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await page.goto(`/teams/${teamId}`);
  await card(page, useCase)
    .getByRole("button", { name: `suggestions: ${useCase}` })
    .click();
  const review = page.getByRole("dialog", { name: `Suggestions: ${useCase}` });
  const accept = review.getByRole("button", { name: "Accept the suggestion by Vic" });
  await accept.click();
  const check = page.getByRole("alertdialog", { name: "Check before sharing" });
  await expect(check.getByText("vic.tanaka@fastmail.com").first()).toBeVisible();
  await expect(check.getByRole("button", { name: "Remove and share" })).toHaveCount(0);
  await expectAccessible(page);
  // Cancel decides nothing: the suggestion still waits, the prompt is at version 1.
  await check.getByRole("button", { name: "Cancel" }).click();
  await expect(check).toHaveCount(0);
  await expect(review.getByText("1 waiting")).toBeVisible();
  const before = await page.request.get(`/api/v1/prompts/${promptId}`);
  expect(((await before.json()) as { version: number }).version).toBe(1);

  await accept.click();
  await check.getByRole("button", { name: "Share anyway" }).click();
  await expectToast(page, "Suggestion accepted as version 2");
  const after = await page.request.get(`/api/v1/prompts/${promptId}`);
  expect(((await after.json()) as { promptText: string }).promptText).toBe(suggested);
  await viewer.close();
});

test.describe("sharing a team prompt", () => {
  // The server's refusal that opens the privacy dialog: what it found is in an earlier version.
  test.use({ allowedConsoleErrors: [/status of 422/] });

  test("an editor shares a team prompt with the community from its card, past the privacy check, and withdraws it", async ({
    page,
    browser,
  }) => {
    const suffix = randomBytes(3).toString("hex");
    await signIn(page, { email: uniqueEmail("editor"), name: "Edna Editor" });
    const created = await page.request.post("/api/v1/teams", { data: { name: `Desk ${suffix}` } });
    const teamId = ((await created.json()) as { id: string }).id;
    const useCase = `${short.act} ${suffix}`;
    // Its first version gave an address; the text now does not, but the history goes public too.
    const made = await page.request.post("/api/v1/prompts", {
      data: {
        promptText: `${short.prompt} Reply to edna.e@fastmail.com.`,
        useCase,
        teamId,
        shared: false,
      },
    });
    const promptId = ((await made.json()) as { id: string }).id;
    const edited = await page.request.patch(`/api/v1/prompts/${promptId}`, {
      data: { promptText: short.prompt },
    });
    expect(edited.status()).toBe(200);
    const stranger = await person(browser, "Sam");
    expect((await stranger.request.get(`/api/v1/prompts/${promptId}`)).status()).toBe(404);

    await page.goto(`/teams/${teamId}`);
    await card(page, useCase)
      .getByRole("button", { name: `share with the community: ${useCase}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: `Share “${useCase}”?` });
    await expect(confirm.getByText(/with its history/)).toBeVisible();
    await confirm.getByRole("button", { name: "Share with the community" }).click();
    const check = page.getByRole("alertdialog", { name: "Check before sharing" });
    await expect(check).toBeVisible();
    await expectAccessible(page);
    await check.getByRole("button", { name: "Share anyway" }).click();
    await expectToast(page, "Prompt shared with the community");
    expect((await stranger.request.get(`/api/v1/prompts/${promptId}`)).status()).toBe(200);

    await card(page, useCase)
      .getByRole("button", { name: `withdraw from the community: ${useCase}` })
      .click();
    await page
      .getByRole("alertdialog", { name: `Withdraw “${useCase}”?` })
      .getByRole("button", { name: "Withdraw" })
      .click();
    await expectToast(page, "Prompt withdrawn from the community");
    await expect(
      card(page, useCase).getByRole("button", { name: `share with the community: ${useCase}` }),
    ).toBeVisible();
    expect((await stranger.request.get(`/api/v1/prompts/${promptId}`)).status()).toBe(404);

    // A prompt written to be shared from the start: the team's, and the community's to read.
    const fresh = `Shared brief ${suffix}`;
    await page.getByRole("button", { name: "Share Prompt" }).click();
    await expect(
      page.getByRole("heading", { name: `Share a prompt from Desk ${suffix} with the community` }),
    ).toBeVisible();
    await page.getByLabel("Use case").fill(fresh);
    await page.getByLabel("Prompt", { exact: true }).fill(`${short.prompt} (${suffix})`);
    await page.getByRole("button", { name: "Share Prompt" }).click();
    await expectToast(page, "Prompt shared with the community");
    await expect(
      card(page, fresh).getByRole("button", { name: `withdraw from the community: ${fresh}` }),
    ).toBeVisible();
    const community = await stranger.request.get(
      `/api/v1/prompts?scope=community&q=${encodeURIComponent(suffix)}`,
    );
    const found = (await community.json()) as { items: { title: string }[] };
    expect(found.items.map((item) => item.title)).toEqual([fresh]);
    await stranger.close();
  });
});
