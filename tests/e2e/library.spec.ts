import { addPrompt, card, createPrompts } from "./support/prompts.ts";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

test("the personal library: add, search with highlight, expand, copy, edit and delete", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, { email: uniqueEmail("lib"), name: "Lib Rarian" });
  await expect(page.getByRole("heading", { name: "My Prompts Collection" })).toBeVisible();
  await expect(
    page.getByText("You haven't created any personal prompts yet. Add your first prompt!"),
  ).toBeVisible();

  // The empty library invites the first prompt: its button opens the same form.
  await page.getByRole("button", { name: "Write your first prompt" }).click();
  await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();
  await expect(page.getByRole("button", { name: "Write your first prompt" })).toHaveCount(0);

  // Empty content is refused before anything is sent.
  await page.getByRole("button", { name: "Save Prompt" }).click();
  await expectToast(page, "Error", "Please enter prompt content");

  // The use case counts to 35 and stops there.
  const useCase = page.getByLabel("Use case");
  await useCase.fill("x".repeat(40));
  await expect(useCase).toHaveValue("x".repeat(35));
  await expect(page.getByText("35/35")).toBeVisible();
  await useCase.fill("claude");
  await expect(page.getByText("6/35")).toBeVisible();
  const longText = `Explain quantum computing to a ten year old. ${"Use a story about a magical library. ".repeat(6)}The end.`;
  await page.getByLabel("Prompt", { exact: true }).fill(longText);
  await page.getByRole("button", { name: "Save Prompt" }).click();
  await expectToast(page, "Prompt added to your personal collection");
  await expect(page.getByRole("form", { name: "Add a personal prompt" })).toHaveCount(0);

  await addPrompt(page, { text: "Summarise this article in three bullet points" });
  await expectToast(page, "Prompt added to your personal collection");
  await expect(card(page, "Summarise this article")).toContainText("Untitled");
  await expectAccessible(page);

  // Show more / Show less past 150 characters.
  const long = card(page, "quantum computing");
  await expect(long).not.toContainText("The end.");
  await long.getByRole("button", { name: "Show more" }).click();
  await expect(long).toContainText("The end.");
  await long.getByRole("button", { name: "Show less" }).click();
  await expect(long).not.toContainText("The end.");

  // Search: in the URL, matches marked in text and category, case-insensitive.
  await page.getByLabel("Search prompts").fill("QUANTUM");
  await expect(page).toHaveURL(/\?q=QUANTUM$/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(long.locator("mark")).toHaveText(["quantum"]);
  await page.getByLabel("Search prompts").fill("claud");
  await expect(long.locator("mark")).toHaveText(["claud"]);
  await page.reload();
  await expect(page.getByLabel("Search prompts")).toHaveValue("claud");
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.getByLabel("Search prompts").fill("zebra crossing");
  await expect(
    page.getByText('No prompts found matching "zebra crossing". Try a different search term.'),
  ).toBeVisible();
  await page.getByLabel("Search prompts").fill("");
  await expect(page.getByRole("article")).toHaveCount(2);

  // Copy: the text reaches the clipboard and the icon turns green for two seconds.
  const copy = card(page, "Summarise").getByRole("button", { name: /^Copy/ });
  await copy.click();
  await expectToast(page, "Copied to clipboard");
  await expect(copy).toHaveAttribute("data-copied", "true");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    "Summarise this article in three bullet points",
  );
  await expect(copy).not.toHaveAttribute("data-copied", "true");

  // Edit keeps the prompt personal.
  await card(page, "Summarise").getByRole("button", { name: /^Edit/ }).click();
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(
    "Summarise this article in three bullet points",
  );
  await page.getByLabel("Use case").fill("reading");
  await page
    .getByLabel("Prompt", { exact: true })
    .fill("Summarise this article in five bullet points");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Prompt updated successfully");
  await expect(card(page, "five bullet points")).toContainText("reading");

  // Delete asks first.
  await card(page, "five bullet points")
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, "five bullet points")).toHaveCount(1);
  await card(page, "five bullet points")
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Prompt deleted successfully");
  await expect(card(page, "five bullet points")).toHaveCount(0);
});

test("an earlier key's answer arriving while the person types never changes what is typed", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("typist") });
  // The page's clock, so the box's pause before it searches lasts as long as the test says.
  await page.clock.install();
  await page.goto("/central");
  // The answer to "alpha " is held until "be" of "beta" is typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/central.data*", async (route) => {
    if (new URL(route.request().url()).searchParams.get("q") === "alpha ") await held;
    await route.continue();
  });
  const box = page.getByLabel("Search prompts");
  await box.click();
  const asked = page.waitForRequest((request) => request.url().includes("q=alpha+"));
  await page.keyboard.type("alpha ");
  await asked;
  // "be" is typed and not yet searched (the clock stands still, so the box is still waiting for
  // a pause) when the answer lands.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await page.keyboard.type("be");
  const landed = page.waitForResponse((response) => response.url().includes("q=alpha+"));
  release();
  await landed;
  // The address moves once the answer is in, with the page that shows it.
  await expect(page).toHaveURL(/q=alpha(\+|%20)$/);
  await expect(box).toHaveValue("alpha be");
  await page.keyboard.type("ta");
  await page.clock.resume();
  await expect(box).toHaveValue("alpha beta");
  await expect(page).toHaveURL(/q=alpha(\+|%20)beta/);
  // A term from outside the box (an address here) still replaces it.
  await page.unroute("**/central.data*");
  await page.goto("/central?q=gamma");
  await expect(box).toHaveValue("gamma");
});

test("the list keeps its cards while a search loads, then pages of 24 with Load more", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("pages") });
  await createPrompts(
    page,
    Array.from({ length: 30 }, (_, i) => `Numbered prompt ${String(i).padStart(2, "0")}`),
  );
  await page.reload();
  await expect(page.getByRole("article")).toHaveCount(24);
  await expect(card(page, "Numbered prompt 29")).toBeVisible();
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(page.getByRole("article")).toHaveCount(30);
  await expect(card(page, "Numbered prompt 00")).toBeVisible();
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

  // The search's answer is held until the list has been seen waiting for it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/dashboard.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Search prompts").fill("prompt 1");
  // The cards on screen stay, marked busy, until the new ones arrive: no spinner in their place.
  await expect(page.locator("ul[aria-busy=true]")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(30);
  release();
  await expect(page.getByRole("article")).toHaveCount(10);
  await expect(page.locator("ul[aria-busy=true]")).toHaveCount(0);
});

test("sharing to the community: others see it read-only, an administrator can delete it", async ({
  page,
  browser,
}) => {
  const word = `meadow${Date.now()}`;
  await signIn(page, { email: uniqueEmail("sharer"), name: "Shay Sharer" });
  await page.goto("/central");
  await expect(page.getByRole("heading", { name: "Community AI Prompt Library" })).toBeVisible();
  await addPrompt(page, {
    useCase: "poetry",
    text: `Write a poem about a ${word}`,
    button: "Share Prompt",
  });
  await expectToast(page, "Prompt shared with the community");
  // It joins the highlights' Fresh today as it is shared, and shows there only (not again in the
  // list below them).
  const listed = card(page, word);
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("by Shay Sharer");
  await expect(listed.getByRole("button", { name: /^Edit/ })).toBeVisible();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, { email: uniqueEmail("reader") });
  await otherPage.goto(`/central?q=${word}`);
  await expect(card(otherPage, word)).toBeVisible();
  await expect(card(otherPage, word).getByRole("button", { name: /^Edit|^Delete/ })).toHaveCount(0);
  await otherPage.goto("/dashboard");
  await expect(card(otherPage, word)).toHaveCount(0);
  await other.close();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, { email: "admin@example.com", name: "Site Admin" });
  await admin.goto(`/central?q=${word}`);
  await card(admin, word)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(admin, "Prompt deleted successfully");
  await expect(card(admin, word)).toHaveCount(0);
  await adminContext.close();
});

test("a topic library: Share hides while the form is open, the category defaults to the topic", async ({
  page,
}) => {
  const word = `sonnet${Date.now()}`;
  await signIn(page, { email: uniqueEmail("topic") });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Libraries" })
    .click();
  await page.getByRole("menuitem", { name: "Claude" }).click();
  await expect(page).toHaveURL(/\/claude-prompts$/);
  await expect(page.getByRole("heading", { name: "Claude Prompts", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Share Prompt" }).click();
  // The header's Share is gone while the form is open: the one left is the form's own.
  await expect(page.getByRole("button", { name: "Share Prompt" })).toHaveCount(1);
  await expect(page.locator("form").getByRole("button", { name: "Share Prompt" })).toHaveCount(1);
  await expect(page.getByLabel("Topic", { exact: true })).toHaveValue("claude");
  await expect(page.getByLabel("Topic", { exact: true })).not.toBeEditable();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Share Prompt" })).toBeVisible();

  await page.getByRole("button", { name: "Share Prompt" }).click();
  await page.getByLabel("Prompt", { exact: true }).fill(`Write a ${word} in Claude's voice`);
  await page.getByRole("button", { name: "Share Prompt" }).click();
  await expectToast(page, "Prompt shared with the community");
  await expect(page.getByRole("button", { name: "Share Prompt" })).toBeVisible();
  await expect(card(page, word)).toContainText("claude");
  await expectAccessible(page);

  await page.goto("/chatgpt-prompts");
  await expect(card(page, word)).toHaveCount(0);
  await page.goto(`/central?q=${word}`);
  await expect(card(page, word)).toBeVisible();
});

test("the Community Prompts page adds shared prompts and edits your own", async ({ page }) => {
  const word = `lantern${Date.now()}`;
  await signIn(page, { email: uniqueEmail("community") });
  await page.goto("/community");
  await expect(page.getByRole("heading", { name: "Community Prompts", level: 1 })).toBeVisible();
  await addPrompt(page, { text: `Describe a ${word}` });
  await expectToast(page, "Prompt shared with the community");
  await card(page, word).getByRole("button", { name: /^Edit/ }).click();
  await page.getByLabel("Prompt", { exact: true }).fill(`Describe a glowing ${word}`);
  // A description, counted to 500, is public with the prompt: the privacy check reads it too.
  const description = page.getByLabel("Description");
  await description.fill("x".repeat(501));
  await expect(description).toHaveValue("x".repeat(500));
  await expect(page.getByText("500/500")).toBeVisible();
  await description.fill("For lamp makers. Key AKIAZ3MSJV4WWXKPQF7Q");
  await page.getByRole("button", { name: "Save Changes" }).click();
  const privacy = page.getByRole("alertdialog", { name: "Check before sharing" });
  await expect(privacy.getByRole("region", { name: "In your description" })).toBeVisible();
  await privacy.getByRole("button", { name: "Remove and share" }).click();
  await expectToast(page, "Prompt updated successfully");
  const edited = card(page, `glowing ${word}`);
  await expect(edited.getByText("For lamp makers. Key")).toBeVisible();
  await expect(edited).not.toContainText("AKIAZ3MSJV4WWXKPQF7Q");

  // Emptied, it is gone from the card.
  await edited.getByRole("button", { name: /^Edit/ }).click();
  await expect(page.getByLabel("Description")).toHaveValue(/^For lamp makers\. Key/);
  await page.getByLabel("Description").fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Prompt updated successfully");
  await expect(card(page, `glowing ${word}`).getByText("For lamp makers.")).toHaveCount(0);
});

test("the admin dashboard adds and deletes global prompts", async ({ page }) => {
  const word = `harbor${Date.now()}`;
  await signIn(page, { email: "admin@example.com", name: "Site Admin" });
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Personal Dashboard" })).toHaveAttribute(
    "href",
    "/dashboard",
  );
  await expect(page.getByRole("link", { name: "Central Dashboard" })).toHaveAttribute(
    "href",
    "/central",
  );

  // Both fields are required; an incomplete form does nothing at all: of the two tries below,
  // only the complete one is sent.
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts++;
  });
  await page.getByLabel("Content").fill(`Guide ships into a ${word}`);
  await page.getByRole("button", { name: "Add Global Prompt" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Global prompt" })).toHaveCount(0);

  await page.getByLabel("Use case").fill("navigation");
  const longContent = `Guide ships into a ${word}. ${"Mind the tides and the lighthouse. ".repeat(5)}`;
  await page.getByLabel("Content").fill(longContent);
  await page.getByRole("button", { name: "Add Global Prompt" }).click();
  await expectToast(page, "Global prompt created successfully");
  expect(posts).toBe(1);
  const row = page.getByRole("listitem").filter({ hasText: word });
  await expect(row).toContainText(`${longContent.slice(0, 100)}...`);
  await expect(row).toContainText("by Site Admin");
  await expectAccessible(page);

  await page.goto(`/central?q=${word}`);
  await expect(card(page, word)).toContainText("Admin");
  await page.goto("/admin");
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Global prompt deleted successfully");
  await expect(row).toHaveCount(0);
});

test.describe("failures are told in the catalogue's words", () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource|net::ERR_FAILED/] });

  test("save, delete, copy, load and a lost session", async ({ page, context }) => {
    await signIn(page, { email: uniqueEmail("failures") });
    await createPrompts(page, ["A prompt that stays"]);
    await page.reload();

    await page.route("**/dashboard.data*", (route) =>
      route.request().method() === "POST" ? route.abort() : route.continue(),
    );
    await addPrompt(page, { text: "This save will fail" });
    await expectToast(page, "Error", "Failed to save prompt");
    await card(page, "stays")
      .getByRole("button", { name: /^Delete/ })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Error", "Failed to delete prompt");
    await page.unroute("**/dashboard.data*");

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error("denied"));
    });
    await card(page, "stays").getByRole("button", { name: /^Copy/ }).click();
    await expectToast(page, "Failed to copy", "Please try again");

    await page.goto("/dashboard?cursor=not-a-cursor");
    await expectToast(page, "Error", "Failed to load prompts");
    await page.goto("/central?cursor=not-a-cursor");
    await expectToast(
      page,
      "Error",
      "Failed to load prompts: cursor: not a cursor this list gave out",
    );

    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Add Prompt" }).click();
    await page.getByLabel("Prompt", { exact: true }).fill("Saved after the session ended");
    await context.clearCookies();
    await page.getByRole("button", { name: "Save Prompt" }).click();
    await expectToast(page, "Error", "You must be logged in to save prompts");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("cards stack in one column", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("phone") });
    await createPrompts(page, ["First phone prompt", "Second phone prompt"]);
    await page.reload();
    const [first, second] = await page.getByRole("article").all();
    const a = await first?.boundingBox();
    const b = await second?.boundingBox();
    expect(a?.x).toBe(b?.x);
    expect((b?.y ?? 0) > (a?.y ?? 0)).toBe(true);
    await expectAccessible(page);
  });
});
