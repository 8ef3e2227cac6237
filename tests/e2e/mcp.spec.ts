import { connectMcp, toolJson } from "../support/mcp-client.ts";
import { signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

/**
 * The SDK's own MCP client against the production server, over the network, with tokens made
 * by a signed-in person: what Claude Code, Cursor or VS Code does when it connects.
 */
test("an MCP client lists, searches, fills and saves, and is refused with a read token and after revocation", async ({
  page,
  baseURL,
}) => {
  await signIn(page, { email: uniqueEmail("mcp") });
  const word = `wombat${Date.now().toString(36)}`;
  const created = await page.request.post("/api/v1/prompts", {
    data: {
      promptText: `Write a ${word} haiku about {{topic}} in a {{mood|calm}} mood.`,
      useCase: "Haiku",
      shared: false,
    },
  });
  expect(created.status()).toBe(201);
  const promptId = ((await created.json()) as { id: string }).id;
  const token = async (scope: "read" | "write") => {
    const made = await page.request.post("/api/v1/tokens", {
      data: { name: `e2e ${scope}`, scope },
    });
    expect(made.status()).toBe(201);
    return (await made.json()) as { token: string; id: string };
  };
  const reader = await token("read");
  const writer = await token("write");
  const origin = baseURL ?? "";

  const client = await connectMcp({ origin, token: reader.token });
  expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("search_prompts");
  expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toContain("haiku");
  const found = toolJson(
    await client.callTool({ name: "search_prompts", arguments: { query: word } }),
  );
  expect(found.value.items.map((item: { id: string }) => item.id)).toEqual([promptId]);
  const filled = toolJson(
    await client.callTool({
      name: "render_template",
      arguments: { id: promptId, values: { topic: "rain" } },
    }),
  );
  expect(filled.value.text).toBe(`Write a ${word} haiku about rain in a calm mood.`);
  const refused = toolJson(
    await client.callTool({ name: "save_prompt", arguments: { text: `${word} two` } }),
  );
  expect(refused.isError).toBe(true);

  const saver = await connectMcp({ origin, token: writer.token });
  const saved = toolJson(
    await saver.callTool({
      name: "save_prompt",
      arguments: { text: `${word} two`, tags: ["mcp"] },
    }),
  );
  expect(saved.value).toMatchObject({ text: `${word} two`, tags: ["mcp"] });
  const listed = await page.request.get(`/api/v1/prompts?scope=personal&q=${word}`);
  expect(((await listed.json()) as { items: unknown[] }).items).toHaveLength(2);

  const revoked = await page.request.delete(`/api/v1/tokens/${reader.id}`);
  expect(revoked.status()).toBe(204);
  await expect(client.listTools()).rejects.toThrow("This access token is not valid");
  await client.close();
  await saver.close();
});
