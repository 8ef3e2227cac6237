import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { connectMcp, toolJson } from "../../tests/support/mcp-client.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { libraryFormat } from "../library-data/export-library.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

/** A key in AWS's real format (not the documented example), and a real-looking address. */
const awsKey = "AKIAZ3MSJV4WWXKPQF7Q";
const withKey = `Deploy with access key ${awsKey} and mail the report to ops.lead@gmail.com`;
const clean = "Summarise the deployment log in five bullet points.";

async function person() {
  return apiPerson(database.db, app);
}

async function textsOf(userId: string) {
  const rows = await database.db
    .select({ promptText: prompts.promptText, isShared: prompts.isShared })
    .from(prompts)
    .where(eq(prompts.userId, userId));
  return rows.map((row) => `${row.isShared ? "shared" : "personal"}: ${row.promptText}`).sort();
}

/** Posts a library page's form as the browser's fetcher does (React Router's data request). */
async function postForm(
  me: Awaited<ReturnType<typeof person>>,
  page: string,
  fields: Record<string, string>,
) {
  const res = await app.request(`${page}.data`, {
    method: "POST",
    headers: { origin: "http://localhost:3000", cookie: me.actor.cookie },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text() };
}

describe("the privacy check before sharing", () => {
  it("API: refuses to share a prompt holding an AWS key and an email, saving nothing, until confirmed", async () => {
    const me = await person();
    const refused = await me.call("POST", "/api/v1/prompts", { promptText: withKey, shared: true });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: "needs_confirmation",
      detail: "privacy_findings",
    });
    expect(refused.body.error.findings).toEqual([
      expect.objectContaining({ rule: "aws-access-token", field: "promptText", start: 23 }),
      expect.objectContaining({ rule: "email-address", field: "promptText" }),
    ]);
    // The answer never repeats the secret itself.
    expect(refused.text).not.toContain(awsKey);
    expect(refused.text).not.toContain("ops.lead@gmail.com");
    expect(await textsOf(me.user.id)).toEqual([]);

    const confirmed = await me.call("POST", "/api/v1/prompts", {
      promptText: withKey,
      shared: true,
      confirm: true,
    });
    expect(confirmed.status).toBe(201);
    expect(await textsOf(me.user.id)).toEqual([`shared: ${withKey}`]);
  });

  it("API: a personal prompt is never checked, and a clean shared one passes", async () => {
    const me = await person();
    expect(
      (await me.call("POST", "/api/v1/prompts", { promptText: withKey, shared: false })).status,
    ).toBe(201);
    expect(
      (await me.call("POST", "/api/v1/prompts", { promptText: clean, shared: true })).status,
    ).toBe(201);
    expect(await textsOf(me.user.id)).toEqual([`personal: ${withKey}`, `shared: ${clean}`]);
  });

  it("API: editing a shared prompt is checked (text and use case), editing a personal one is not", async () => {
    const me = await person();
    const shared = await me.call("POST", "/api/v1/prompts", { promptText: clean, shared: true });
    const edit = await me.call("PATCH", `/api/v1/prompts/${shared.body.id}`, {
      promptText: withKey,
    });
    expect(edit.status).toBe(422);
    expect(edit.body.error.detail).toBe("privacy_findings");
    const useCase = await me.call("PATCH", `/api/v1/prompts/${shared.body.id}`, {
      useCase: "call +44 20 7946 0958",
    });
    expect(useCase.status).toBe(422);
    expect(useCase.body.error.findings).toEqual([
      expect.objectContaining({ rule: "phone-number", field: "useCase" }),
    ]);
    expect(await textsOf(me.user.id)).toEqual([`shared: ${clean}`]);
    const confirmed = await me.call("PATCH", `/api/v1/prompts/${shared.body.id}`, {
      promptText: withKey,
      confirm: true,
    });
    expect(confirmed.status).toBe(200);

    const personal = await me.call("POST", "/api/v1/prompts", { promptText: clean, shared: false });
    const personalEdit = await me.call("PATCH", `/api/v1/prompts/${personal.body.id}`, {
      promptText: `${clean} ${awsKey}`,
    });
    expect(personalEdit.status).toBe(200);
  });

  it("the web form: refused with the findings unless confirm=1 is sent", async () => {
    const me = await person();
    const refused = await postForm(me, "/central", { intent: "create", promptText: withKey });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain("privacy_findings");
    expect(refused.text).toContain("aws-access-token");
    expect(refused.text).not.toContain(awsKey);
    expect(await textsOf(me.user.id)).toEqual([]);

    const confirmed = await postForm(me, "/central", {
      intent: "create",
      promptText: withKey,
      confirm: "1",
    });
    expect(confirmed.status).toBe(200);
    expect(await textsOf(me.user.id)).toEqual([`shared: ${withKey}`]);
    // The personal library's form does not share, so it does not ask.
    expect(
      (await postForm(me, "/personal", { intent: "create", promptText: withKey })).status,
    ).toBe(200);
  });

  it("MCP: save_prompt and update_prompt refuse to share until confirm is true", async () => {
    const me = await person();
    const made = await me.call("POST", "/api/v1/tokens", { name: "MCP", scope: "write" });
    const client = await connectMcp({
      origin: "http://localhost:3000",
      token: made.body.token,
      fetch: async (url, init) => app.request(String(url), init),
    });
    const refused = toolJson(
      await client.callTool({ name: "save_prompt", arguments: { text: withKey, shared: true } }),
    );
    expect(refused.isError).toBe(true);
    expect(refused.value.error).toBe("needs_confirmation");
    expect(refused.value.message).toContain("AWS access key");
    expect(await textsOf(me.user.id)).toEqual([]);

    const saved = toolJson(
      await client.callTool({
        name: "save_prompt",
        arguments: { text: clean, shared: true },
      }),
    );
    expect(saved.isError).toBe(false);
    const update = toolJson(
      await client.callTool({
        name: "update_prompt",
        arguments: { id: saved.value.id, text: withKey },
      }),
    );
    expect(update.value.error).toBe("needs_confirmation");
    expect(await textsOf(me.user.id)).toEqual([`shared: ${clean}`]);
    const confirmed = toolJson(
      await client.callTool({
        name: "update_prompt",
        arguments: { id: saved.value.id, text: withKey, confirm: true },
      }),
    );
    expect(confirmed.isError).toBe(false);
    expect(await textsOf(me.user.id)).toEqual([`shared: ${withKey}`]);
    await client.close();
  });

  it("import: the preview and the import name each shared prompt holding private data; confirm imports", async () => {
    const me = await person();
    const file = JSON.stringify({
      format: libraryFormat,
      prompts: [
        { promptText: clean, shared: true },
        { promptText: withKey, shared: false },
        { id: "p3", promptText: "Now clean", shared: true, version: 2 },
        { promptText: "Reach me at +1 415 736 5000", shared: true },
      ],
      versions: [
        {
          promptId: "p3",
          number: 1,
          promptText: `First draft, token ghp_${"Ab1Cd2Ef3".repeat(4)}`,
          createdAt: "2025-01-01T00:00:00Z",
        },
      ],
    });
    for (const path of ["/api/v1/import?dryRun=1", "/api/v1/import"]) {
      const refused = await me.upload(path, file);
      expect(refused.status).toBe(422);
      expect(refused.body.error.detail).toBe("privacy_findings");
      expect(
        refused.body.error.findings.map((finding: { entry: string; rule: string }) => [
          finding.entry,
          finding.rule,
        ]),
      ).toEqual([
        ["Prompt 3, version 1", "github-token"],
        ["Prompt 4", "phone-number"],
      ]);
      expect(refused.body.error.message).toMatch(
        /^This would share what looks like private data: Prompt 3, version 1: GitHub token/,
      );
    }
    expect(await textsOf(me.user.id)).toEqual([]);
    const imported = await me.upload("/api/v1/import?confirm=1", file);
    expect(imported.status).toBe(201);
    expect(imported.body.added).toBe(4);
  });
});
