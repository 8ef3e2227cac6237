import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { connectMcp, toolJson } from "../../tests/support/mcp-client.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { defaultConnectionSettings } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  { settings: { ...defaultConnectionSettings(), "promptshelf.tags_per_person": "3" } },
);

const origin = "http://localhost:3000";
const viaApp = async (url: string | URL, init?: RequestInit) => app.request(String(url), init);

async function personWithToken(scope: "read" | "write") {
  const person = await apiPerson(database.db, app);
  const made = await person.call("POST", "/api/v1/tokens", { name: `MCP ${scope}`, scope });
  expect(made.status).toBe(201);
  return { person, token: made.body.token as string, tokenId: made.body.id as string };
}

describe("the MCP server", () => {
  it("lists its tools and searches, fetches and fills the person's prompts", async () => {
    const { person, token } = await personWithToken("read");
    const created = await person.call("POST", "/api/v1/prompts", {
      promptText: "Write a {{tone|friendly}} cover letter for {{role}} at {{company}}.",
      useCase: "Cover letter",
      description: "A first letter to a company, in the tone asked for",
      shared: false,
    });
    expect(created.status).toBe(201);
    const client = await connectMcp({ origin, token, fetch: viaApp });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "get_prompt",
      "list_folders",
      "list_tags",
      "render_template",
      "save_prompt",
      "search_prompts",
      "update_prompt",
    ]);
    const found = toolJson(
      await client.callTool({ name: "search_prompts", arguments: { query: "cover letter" } }),
    );
    expect(found.value.items.map((item: { id: string }) => item.id)).toContain(created.body.id);
    const filled = toolJson(
      await client.callTool({
        name: "render_template",
        arguments: { id: created.body.id, values: { role: "editor", company: "Acme" } },
      }),
    );
    expect(filled.value).toEqual({ text: "Write a friendly cover letter for editor at Acme." });
    const missing = toolJson(
      await client.callTool({ name: "render_template", arguments: { id: created.body.id } }),
    );
    expect(missing).toEqual({
      isError: true,
      value: { error: "invalid_input", message: "Missing values for: role, company" },
    });
    const prompts = await client.listPrompts();
    expect(prompts.prompts).toEqual([
      expect.objectContaining({
        name: "cover-letter",
        description: "A first letter to a company, in the tone asked for",
        arguments: [
          { name: "tone", description: "Default: friendly", required: false },
          { name: "role", required: true },
          { name: "company", required: true },
        ],
      }),
    ]);
    const got = await client.getPrompt({
      name: "cover-letter",
      arguments: { role: "poet", company: "Globex" },
    });
    expect(got.messages[0]?.content).toEqual({
      type: "text",
      text: "Write a friendly cover letter for poet at Globex.",
    });
    await client.close();
  });
});

describe("what a token may do through MCP", () => {
  it("saves and updates with a write token; a read token is refused and nothing changes", async () => {
    const { person, token: readToken } = await personWithToken("read");
    const write = await person.call("POST", "/api/v1/tokens", { name: "w", scope: "write" });
    const folder = await person.call("POST", "/api/v1/folders", { name: "Work" });
    expect(folder.status).toBe(201);
    const reader = await connectMcp({ origin, token: readToken, fetch: viaApp });
    const writer = await connectMcp({ origin, token: write.body.token, fetch: viaApp });
    const save = {
      name: "save_prompt",
      arguments: {
        text: "Draft a {{tone}} reply",
        useCase: "Replies",
        folder: "work",
        tags: ["email"],
      },
    };
    const refused = toolJson(await reader.callTool(save));
    expect(refused).toEqual({
      isError: true,
      value: { error: "forbidden", message: "This access token may only read" },
    });
    expect((await person.call("GET", "/api/v1/prompts?scope=personal")).body.items).toEqual([]);

    const saved = toolJson(await writer.callTool(save));
    expect(saved.isError).toBe(false);
    expect(saved.value).toMatchObject({
      title: "Replies",
      text: "Draft a {{tone}} reply",
      variables: ["tone"],
      folder: "Work",
      tags: ["email"],
      shared: false,
      version: 1,
    });
    const update = {
      name: "update_prompt",
      arguments: { id: saved.value.id, text: "Draft a {{tone|kind}} reply", note: "kinder" },
    };
    expect(toolJson(await reader.callTool(update)).isError).toBe(true);
    const updated = toolJson(await writer.callTool(update));
    expect(updated.value).toMatchObject({ version: 2, variables: ["tone|kind"] });
    const history = await person.call("GET", `/api/v1/prompts/${saved.value.id}/versions`);
    expect(history.body.versions[0]).toMatchObject({ number: 2, note: "kinder" });
    await reader.close();
    await writer.close();
  });

  it("names a near-duplicate already in the library when saving, as the API does", async () => {
    const { token } = await personWithToken("write");
    const client = await connectMcp({ origin, token, fetch: viaApp });
    const text = "Summarise this meeting transcript into decisions, owners and deadlines.";
    const first = toolJson(await client.callTool({ name: "save_prompt", arguments: { text } }));
    expect(first.value.similar).toBeUndefined();
    const again = toolJson(
      await client.callTool({ name: "save_prompt", arguments: { text: `${text} Be brief.` } }),
    );
    expect(again.value.similar).toMatchObject({ id: first.value.id, title: first.value.title });
    expect(again.value.similar.similarity).toBeGreaterThanOrEqual(0.7);
    const other = toolJson(
      await client.callTool({
        name: "save_prompt",
        arguments: { text: "Plan a garden in spring" },
      }),
    );
    expect(other.value.similar).toBeUndefined();
    await client.close();
  });

  it("saves all or nothing: a tag past the person's limit leaves no prompt behind", async () => {
    const { person, token } = await personWithToken("write");
    const client = await connectMcp({ origin, token, fetch: viaApp });
    const refused = toolJson(
      await client.callTool({
        name: "save_prompt",
        arguments: { text: "Plan a sprint", tags: ["one", "two", "three", "four"] },
      }),
    );
    expect(refused.isError).toBe(true);
    expect(refused.value.error).toBe("payload_too_large");
    expect((await person.call("GET", "/api/v1/prompts?scope=personal")).body.items).toEqual([]);
    await client.close();
  });

  it("never reaches another person's private prompt, by search, id, template or prompt list", async () => {
    const { person: owner } = await personWithToken("read");
    const secret = await owner.call("POST", "/api/v1/prompts", {
      promptText: "Quarterly zanzibarite {{figures}} for the board",
      useCase: "Board pack",
      shared: false,
    });
    await owner.call("PUT", `/api/v1/prompts/${secret.body.id}/favourite`);
    const { person: other, token } = await personWithToken("write");
    const shared = await other.call("POST", "/api/v1/prompts", {
      promptText: "A shared zanzibarite {{note}}",
      useCase: "Shared note",
      shared: true,
    });
    await other.call("PUT", `/api/v1/prompts/${shared.body.id}/favourite`);
    const client = await connectMcp({ origin, token, fetch: viaApp });
    for (const scope of ["all", "community", "personal", "favourites"]) {
      const found = toolJson(
        await client.callTool({
          name: "search_prompts",
          arguments: { query: "zanzibarite", scope },
        }),
      );
      const ids = found.value.items.map((item: { id: string }) => item.id);
      expect([scope, ids.includes(secret.body.id)]).toEqual([scope, false]);
    }
    const id = secret.body.id;
    const notFound = { error: "not_found", message: "Prompt not found" };
    for (const call of [
      { name: "get_prompt", arguments: { id } },
      { name: "render_template", arguments: { id, values: { figures: "x" } } },
      { name: "update_prompt", arguments: { id, text: "mine now" } },
    ]) {
      expect(toolJson(await client.callTool(call))).toEqual({ isError: true, value: notFound });
    }
    const offered = (await client.listPrompts()).prompts.map((prompt) => prompt.title);
    expect(offered).toEqual(["Shared note"]);
    await expect(
      client.getPrompt({ name: "board-pack", arguments: { figures: "1" } }),
    ).rejects.toThrow("No prompt named board-pack");
    const unchanged = await owner.call("GET", `/api/v1/prompts/${id}`);
    expect(unchanged.body).toMatchObject({ version: 1, promptText: secret.body.promptText });
    await client.close();
  });

  it("lists the person's own prompts, then the community's, page by page", async () => {
    const { person, token } = await personWithToken("read");
    const word = `quokkafy${Date.now()}`;
    for (const [n, shared] of [
      [1, false],
      [2, false],
      [3, true],
      [4, true],
      [5, true],
    ] as const) {
      await person.call("POST", "/api/v1/prompts", { promptText: `${word} ${n}`, shared });
    }
    const client = await connectMcp({ origin, token, fetch: viaApp });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const { value } = toolJson(
        await client.callTool({
          name: "search_prompts",
          arguments: { query: word, limit: 2, ...(cursor ? { cursor } : {}) },
        }),
      );
      seen.push(...value.items.map((item: { text: string }) => item.text));
      cursor = value.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([`${word} 2`, `${word} 1`, `${word} 5`, `${word} 4`, `${word} 3`]);
    await client.close();
  });

  it("is refused without a token, with a cookie alone, and at once after revocation", async () => {
    const { person, token, tokenId } = await personWithToken("read");
    const bare = await app.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: person.actor.cookie },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(
      (await app.request("/mcp", { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(405);
    const client = await connectMcp({ origin, token, fetch: viaApp });
    expect((await client.listTools()).tools.length).toBe(7);
    expect((await person.call("DELETE", `/api/v1/tokens/${tokenId}`)).status).toBe(204);
    await expect(client.listTools()).rejects.toThrow(
      "This access token is not valid: it may be revoked or expired",
    );
  });
});
