import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { connectMcp, toolJson } from "../../tests/support/mcp-client.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

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
