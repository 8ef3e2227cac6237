import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { projectRoot } from "../../../server/project-root.ts";
import type { WholePrompt } from "../../../shared/prompt.ts";
import type { RunningServer } from "../../support/start-server.ts";
import { startSeededServer } from "./seeded-server.ts";
import { signIn } from "./sign-in.ts";
import { test as base } from "./test.ts";

/** The 1,529 real prompts the product is judged on. */
export const realPromptsFile = join(projectRoot, "seed/prompts.csv");

/** The development sign-in's administrator, whose own library holds the real prompts too. */
export const realDataReader = { email: "admin@example.com", name: "Carol De Vries" };

/**
 * What versions add to a card, on real prompts: the newest prompt of the reader's library edited
 * twice (with a note), and a community prompt saved and then changed by its author, so the copy
 * says "Original updated". The reader is the administrator, who may edit any prompt.
 */
async function addHistory(page: Page) {
  const ok = async (answer: Promise<{ status(): number; json(): Promise<unknown> }>) => {
    const res = await answer;
    if (res.status() >= 300) throw new Error(`answered ${res.status()}`);
    return (await res.json()) as { items: WholePrompt[] } & WholePrompt;
  };
  const [own] = (await ok(page.request.get("/api/v1/prompts?scope=personal&limit=1"))).items;
  const [shared] = (await ok(page.request.get("/api/v1/prompts?scope=community&limit=1"))).items;
  if (!own || !shared) throw new Error("the real data has no prompts");
  const whole = await ok(page.request.get(`/api/v1/prompts/${own.id}`));
  for (const [ending, note] of [
    ["Answer in English.", ""],
    ["Keep it short.", "shorter answers"],
  ]) {
    await ok(
      page.request.patch(`/api/v1/prompts/${own.id}`, {
        data: { promptText: `${whole.promptText}\n\n${ending}`, note },
      }),
    );
  }
  // The reader imported prompts.csv, so the community prompt's text is in their library already,
  // and saving it would answer that prompt: it is given a text of its own first.
  const original = await ok(page.request.get(`/api/v1/prompts/${shared.id}`));
  await ok(
    page.request.patch(`/api/v1/prompts/${shared.id}`, {
      data: { promptText: `${original.promptText}\n\nThink step by step.` },
    }),
  );
  await ok(page.request.post(`/api/v1/prompts/${shared.id}/save`));
  await ok(
    page.request.patch(`/api/v1/prompts/${shared.id}`, {
      data: { promptText: `${original.promptText}\n\nThink step by step.\n\nCite your sources.` },
    }),
  );
}

/**
 * A server of its own with real data: `npm run seed` fills the community (and so every topic and
 * landing page), and the reader imports prompts.csv into a private library. Global setup starts
 * one for the whole run; tests reach it through `realDataTest`.
 */
export async function startRealDataServer(browser: Browser): Promise<RunningServer> {
  const server = await startSeededServer();
  const context = await browser.newContext({ baseURL: server.url });
  // Outside a test, nothing else bounds these steps: the limits are for a server that never
  // answers. A fresh server's first page took over 30 s on two cores shared with other runs.
  context.setDefaultTimeout(300_000);
  try {
    const page = await context.newPage();
    await signIn(page, realDataReader);
    const imported = await page.request.post("/api/v1/import", {
      data: await readFile(realPromptsFile, "utf8"),
      headers: { "content-type": "text/csv" },
      // 1,529 prompts take seconds, and far longer on a machine busy with other work.
      timeout: 300_000,
    });
    if (imported.status() !== 201) throw new Error(`import answered ${imported.status()}`);
    await addHistory(page);
  } finally {
    await context.close();
  }
  return server;
}

/**
 * Tests on the real data: their pages open on the real-data server global setup started. Tests
 * running at once share it, so each changes only what it made (a token of its own name, say).
 */
export const realDataTest = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_REAL_DATA_URL;
    if (!url) throw new Error("E2E_REAL_DATA_URL is not set; run through the Playwright config");
    await use(url);
  },
});
