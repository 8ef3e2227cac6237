import { join } from "node:path";
import { projectRoot } from "../../server/project-root.ts";
import { copilotZip } from "../fixtures/imports/fixture-zips.ts";
import { card } from "./support/prompts.ts";
import { expectToast, signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

test("import a zip of Copilot prompt files: preview, import, and use its variables", async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail("copilot") });
  await page.goto("/settings");
  await page.getByLabel("Choose a file to import").setInputFiles({
    name: "prompts.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(copilotZip()),
  });
  await expect(page.getByText("Ready to import prompts.zip")).toBeVisible();
  await expect(
    page.getByRole("definition").filter({ hasText: "Copilot prompt files" }),
  ).toBeVisible();
  await expect(
    page.getByText("First: Explain a maths concept step by, Cyber security strategy"),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Import 2 prompts" }).click();
  await expectToast(page, "Imported 2 prompts");

  await page.goto("/dashboard");
  await expect(
    page.getByRole("navigation", { name: "Library" }).getByRole("link", { name: /^security/ }),
  ).toBeVisible();
  // The variables sit past the start of the text a card holds: its whole text shows them.
  const security = card(page, "Cyber security strategy");
  await security.getByRole("button", { name: "Show more" }).click();
  await security.getByRole("button", { name: "Use template" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("selection")).toBeVisible();
  await dialog.getByLabel("company").fill("Acme Bank");
  await expect(dialog.getByLabel("Filled prompt")).toContainText(
    "an effective cybersecurity strategy for Acme Bank.",
  );
});

test("import an Open WebUI export: its typed variables keep their defaults", async ({ page }) => {
  await signIn(page, { email: uniqueEmail("openwebui") });
  await page.goto("/settings");
  await page
    .getByLabel("Choose a file to import")
    .setInputFiles(join(projectRoot, "tests/fixtures/imports/open-webui-prompts.json"));
  await expect(page.getByRole("definition").filter({ hasText: "Open WebUI JSON" })).toBeVisible();
  await page.getByRole("button", { name: "Import 3 prompts" }).click();
  await expectToast(page, "Imported 3 prompts");

  await page.goto("/dashboard");
  const travel = card(page, "Travel Guide");
  await travel.getByRole("button", { name: "Show more" }).click();
  await travel.getByRole("button", { name: "Use template" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("location")).toHaveAttribute("placeholder", "Istanbul/Beyoğlu");
  await expect(dialog.getByLabel("Filled prompt")).toContainText(
    "I am in Istanbul/Beyoğlu and I want to visit only museums.",
  );
});
