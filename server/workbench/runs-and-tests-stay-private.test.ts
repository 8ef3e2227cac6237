import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { promptPath } from "../../shared/public-address.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type ModelServer, startModelServer } from "../../tests/support/model-server.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { addConnection, workbenchEnv } from "../../tests/support/workbench-helpers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { pageDataPath } from "../http/canonical-address.ts";

/**
 * A shared prompt's workbench data (its kept runs, its test cases and their outcomes) is its
 * owner's: the prompt's public page, the community search, the sitemap and the prompt's JSON
 * carry the prompt, and none of that, to a visitor or to another signed-in person.
 */
let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  { env: workbenchEnv },
);

let models: ModelServer;
beforeAll(async () => {
  models = await startModelServer();
});
afterAll(async () => {
  await models.close();
});

/** A GET as a browser with this session cookie (none: a visitor) would send it. */
async function fetchAs(cookie: string, path: string) {
  const res = await app.request(path, cookie ? { headers: { cookie } } : {});
  return { status: res.status, text: await res.text() };
}

it("a shared prompt's kept run and test cases reach no one else by any public path", async () => {
  const tag = randomBytes(6).toString("hex");
  const marks = {
    runValue: `runvalue${tag}`,
    runOutput: `runoutput${tag}`,
    caseName: `casename${tag}`,
    caseValue: `casevalue${tag}`,
    caseOutput: `caseoutput${tag}`,
  };
  const owner = await apiPerson(database.db, app);
  const other = await apiPerson(database.db, app);

  const made = await owner.call("POST", "/api/v1/prompts", {
    promptText: "Describe how {{animal}} spend the winter",
    useCase: "Quillowmarsh winter habits",
    shared: true,
  });
  expect(made.status, made.text).toBe(201);
  const prompt = made.body as { id: string; title: string; isShared: boolean };
  expect(prompt.isShared).toBe(true);
  const api = `/api/v1/prompts/${prompt.id}`;

  // A run, kept (its person may read the prompt's private data), and a test case, run.
  models.answer((request) => ({
    text: request.prompt.includes(marks.caseValue) ? marks.caseOutput : marks.runOutput,
  }));
  const connection = await addConnection(owner, { baseUrl: models.openAiUrl });
  const ran = await owner.call("POST", "/api/v1/runs", {
    promptId: prompt.id,
    values: { animal: marks.runValue },
    connectionId: connection.id,
    model: "stand-in-small",
  });
  expect(ran.body).toMatchObject({ output: marks.runOutput, runId: expect.any(String) });
  const testCase = await owner.call("POST", `${api}/tests`, {
    name: marks.caseName,
    values: { animal: marks.caseValue },
    checks: [{ kind: "contains", value: marks.caseOutput }],
  });
  expect(testCase.status, testCase.text).toBe(201);
  const tested = await owner.call("POST", `${api}/tests/run`, {
    connectionId: connection.id,
    model: "stand-in-small",
  });
  expect(tested.body).toMatchObject({ version: 1, results: [{ passed: true }] });

  // Its owner reads every mark where it belongs: the marks are there to be found.
  const ownRuns = (await owner.call("GET", `${api}/runs`)).text;
  expect(ownRuns).toContain(marks.runValue);
  expect(ownRuns).toContain(marks.runOutput);
  const ownTests = (await owner.call("GET", `${api}/tests`)).text;
  expect(ownTests).toContain(marks.caseName);
  expect(ownTests).toContain(marks.caseValue);
  expect((await owner.call("GET", `${api}/tests/summary`)).status).toBe(200);

  const page = promptPath(prompt);
  const word = "Quillowmarsh";
  const sitemap = await fetchAs("", "/sitemap.xml");
  const sitemapFiles = [...sitemap.text.matchAll(/<loc>https?:\/\/[^/]+([^<]+)<\/loc>/g)].map(
    (match) => match[1] ?? "",
  );
  expect(sitemapFiles.length).toBeGreaterThan(0);
  const publicPaths = [
    page,
    pageDataPath(page),
    `/prompts?q=${word}`,
    "/sitemap.xml",
    ...sitemapFiles,
  ];

  // A public page is the same whoever asks, and is kept once rendered: the owner asks first, so
  // a page rendered with what only they may read would then be served to the others too.
  const who = [
    { name: "its owner", cookie: owner.actor.cookie },
    { name: "a visitor", cookie: "" },
    { name: "another person", cookie: other.actor.cookie },
  ];
  for (const { name, cookie } of who) {
    const seen = new Map<string, { status: number; text: string }>();
    for (const path of publicPaths) seen.set(path, await fetchAs(cookie, path));
    if (name !== "its owner") {
      for (const path of [
        api,
        `${api}/versions`,
        `${api}/versions/1`,
        `/api/v1/prompts?q=${word}`,
        `/api/v1/palette?q=${word}`,
        `${api}/runs`,
        `${api}/tests`,
        `${api}/tests/summary`,
      ]) {
        seen.set(path, await fetchAs(cookie, path));
      }
    }
    // Each path showed the prompt (or refused as the code decides), and no mark of its private data.
    const statuses = Object.fromEntries([...seen].map(([path, res]) => [path, res.status]));
    expect(statuses[page], name).toBe(200);
    expect(seen.get(page)?.text, name).toContain("Quillowmarsh winter habits");
    expect(seen.get(`/prompts?q=${word}`)?.text, name).toContain(page);
    expect(
      sitemapFiles.some((file) => seen.get(file)?.text.includes(page)),
      `${name}: the sitemap lists the page`,
    ).toBe(true);
    if (name === "another person") {
      expect(statuses).toMatchObject({
        [api]: 200,
        [`${api}/versions`]: 200,
        [`${api}/versions/1`]: 200,
        [`/api/v1/prompts?q=${word}`]: 200,
        [`/api/v1/palette?q=${word}`]: 200,
        [`${api}/runs`]: 403,
        [`${api}/tests`]: 403,
        [`${api}/tests/summary`]: 403,
      });
      expect(seen.get(`/api/v1/prompts?q=${word}`)?.text).toContain(prompt.id);
      expect(seen.get(`/api/v1/palette?q=${word}`)?.text).toContain(prompt.id);
    }
    if (name === "a visitor") {
      // The JSON API is for those signed in, whatever it would show.
      for (const [path, status] of Object.entries(statuses)) {
        if (path.startsWith("/api/")) expect(status, path).toBe(401);
      }
    }
    for (const [path, res] of seen) {
      for (const [mark, value] of Object.entries(marks)) {
        expect(res.text, `${name}: ${mark} in ${path}`).not.toContain(value);
      }
    }
  }
});
