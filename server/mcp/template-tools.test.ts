import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { connectMcp, toolJson } from "../../tests/support/mcp-client.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const origin = "http://localhost:3000";
const viaApp = async (url: string | URL, init?: RequestInit) => app.request(String(url), init);

async function save(person: Awaited<ReturnType<typeof apiPerson>>, useCase: string, text: string) {
  const made = await person.call("POST", "/api/v1/prompts", {
    promptText: text,
    useCase,
    shared: false,
  });
  expect(made.status).toBe(201);
  return made.body as { id: string; title: string };
}

describe("GET /api/v1/snippets", () => {
  it("finds the person's own prompts by title in any case, the one edited last, never another's", async () => {
    const person = await apiPerson(database.db, app);
    const other = await apiPerson(database.db, app);
    const older = await save(person, "Signature", "Old signature");
    const newer = await save(person, "signature", "New signature");
    // Edited a minute before the other, whatever the clock's grain.
    await database.db
      .update(prompts)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(prompts.id, older.id));
    await save(other, "Greeting", "Someone else's greeting");
    await createPrompt(database.db, {
      userId: other.user.id,
      title: "Shared greeting",
      promptText: "A shared greeting",
      isShared: true,
    });
    const found = await person.call(
      "GET",
      "/api/v1/snippets?title=SIGNATURE&title=Greeting&title=Shared%20greeting&title=Nothing",
    );
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      items: [{ id: newer.id, title: "signature", promptText: "New signature" }],
    });
  });

  it("refuses no title, too many, and a signed-out caller", async () => {
    const person = await apiPerson(database.db, app);
    expect((await person.call("GET", "/api/v1/snippets")).status).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => `title=t${i}`).join("&");
    expect((await person.call("GET", `/api/v1/snippets?${many}`)).status).toBe(400);
    expect((await app.request("/api/v1/snippets?title=x")).status).toBe(401);
  });
});

describe("templates through MCP", () => {
  it("render_template expands snippets, fills today and me, and checks types", async () => {
    const person = await apiPerson(database.db, app);
    const made = await person.call("POST", "/api/v1/tokens", { name: "MCP", scope: "read" });
    await save(person, "Sign off", "— {{me}}, {{today}}");
    const template = await save(
      person,
      "Note",
      "Write {{words:number|50}} words, {{tone:choice(warm,dry)}}, about {{topic}}.\n{{> SIGN OFF}}",
    );
    const looped = await save(person, "Loop A", "a {{> Loop B}}");
    await save(person, "Loop B", "b {{> loop a}}");
    const client = await connectMcp({ origin, token: made.body.token, fetch: viaApp });
    const render = async (id: string, values: Record<string, string>) =>
      toolJson(await client.callTool({ name: "render_template", arguments: { id, values } }));

    const today = new Date().toISOString().slice(0, 10);
    expect((await render(template.id, { topic: "tea" })).value).toEqual({
      text: `Write 50 words, warm, about tea.\n— ${person.user.name}, ${today}`,
    });
    expect((await render(template.id, { topic: "tea", me: "Ada", words: "12" })).value).toEqual({
      text: `Write 12 words, warm, about tea.\n— Ada, ${today}`,
    });
    expect((await render(template.id, {})).value).toEqual({
      error: "invalid_input",
      message: "Missing a value for: topic",
    });
    expect((await render(template.id, { topic: "x", words: "lots" })).value.message).toBe(
      "words must be a number",
    );
    expect((await render(template.id, { topic: "x", tone: "loud" })).value.message).toBe(
      "tone must be one of: warm, dry",
    );
    expect((await render(looped.id, {})).value).toEqual({
      error: "invalid_input",
      message: "These snippets include each other in a loop: Loop A → Loop B → Loop A.",
    });

    const offered = await client.listPrompts();
    expect(offered.prompts.find((p) => p.title === "Note")?.arguments).toEqual([
      { name: "words", description: "A number. Default: 50", required: false },
      { name: "tone", description: "One of: warm, dry. Default: warm", required: false },
      { name: "topic", required: true },
    ]);
    expect(offered.prompts.find((p) => p.title === "Sign off")?.arguments).toEqual([]);
    await client.close();
  });

  it("takes yes/no, dates and several-of, refuses a value they do not take, and needs only what a section shows", async () => {
    const person = await apiPerson(database.db, app);
    const made = await person.call("POST", "/api/v1/tokens", { name: "MCP", scope: "read" });
    const template = await save(
      person,
      "Trip",
      "Plan {{start:date!}} for {{who!}}{{#if kids}} with {{ages}}{{/if}}. Likes: {{likes:multi(sea,hills,towns)|sea}}. Detailed: {{detailed:yesno}}",
    );
    const client = await connectMcp({ origin, token: made.body.token, fetch: viaApp });
    const render = async (values: Record<string, string>) =>
      toolJson(
        await client.callTool({ name: "render_template", arguments: { id: template.id, values } }),
      );
    expect((await render({ start: "2026-07-01", who: "us" })).value).toEqual({
      text: "Plan 2026-07-01 for us. Likes: sea. Detailed: no",
    });
    expect(
      (
        await render({
          start: "2026-07-01",
          who: "us",
          kids: "yes",
          ages: "4 and 6",
          likes: "hills, towns",
        })
      ).value,
    ).toEqual({ text: "Plan 2026-07-01 for us with 4 and 6. Likes: hills, towns. Detailed: no" });
    expect((await render({ start: "2026-07-01", who: "us", kids: "yes" })).value.message).toBe(
      "Missing a value for: ages",
    );
    expect((await render({ who: "us" })).value.message).toBe("Missing a value for: start");
    for (const [values, message] of [
      [{ start: "July", who: "us" }, "start must be a date, as 2026-11-23"],
      [{ start: "2026-07-01", who: "us", kids: "maybe" }, "kids must be yes or no"],
      [
        { start: "2026-07-01", who: "us", likes: "sea, desert" },
        "likes takes only these, separated by commas: sea, hills, towns",
      ],
    ] as const) {
      expect((await render(values)).value.message).toBe(message);
    }
    const offered = await client.listPrompts();
    expect(offered.prompts.find((p) => p.title === "Trip")?.arguments).toEqual([
      { name: "start", description: "A date, as 2026-11-23", required: true },
      { name: "who", required: true },
      { name: "kids", description: "yes or no. Default: no", required: false },
      { name: "ages", required: false },
      {
        name: "likes",
        description: "Any of, separated by commas: sea, hills, towns. Default: sea",
        required: false,
      },
      { name: "detailed", description: "yes or no. Default: no", required: false },
    ]);
    await client.close();
  });

  it("asks for {{clipboard}} like any variable, which a server cannot read", async () => {
    const person = await apiPerson(database.db, app);
    const made = await person.call("POST", "/api/v1/tokens", { name: "MCP", scope: "read" });
    const prompt = await save(person, "Summarise", "Summarise: {{clipboard}}");
    const client = await connectMcp({ origin, token: made.body.token, fetch: viaApp });
    const render = async (values: Record<string, string>) =>
      toolJson(
        await client.callTool({ name: "render_template", arguments: { id: prompt.id, values } }),
      );
    expect((await render({})).value.message).toBe("Missing a value for: clipboard");
    expect((await render({ clipboard: "the text" })).value).toEqual({
      text: "Summarise: the text",
    });
    await client.close();
  });
});

describe("a fill that would grow past the limit, through MCP", () => {
  const tooLong =
    "Filled in, this prompt would be over 1,000,000 characters. Use shorter values, or fewer.";
  /** One long default, then the variable 5,000 times: 124 KB that filled would be 495 MB. */
  const attack = (unit: string) => `{{x|${unit.repeat(99_000)}}}${"{{x}}".repeat(5_000)}`;

  /** A read token's MCP client, counting the bytes of every answer it receives. */
  async function countingClient() {
    const person = await apiPerson(database.db, app);
    const made = await person.call("POST", "/api/v1/tokens", { name: "MCP", scope: "read" });
    const received = { bytes: 0 };
    const client = await connectMcp({
      origin,
      token: made.body.token,
      fetch: async (url, init) => {
        const response = await app.request(String(url), init);
        received.bytes += (await response.clone().arrayBuffer()).byteLength;
        return response;
      },
    });
    return { person, client, received };
  }

  it("render_template refuses a long default used many times, or a long value, in a few bytes", async () => {
    const { person, client, received } = await countingClient();
    const render = async (id: string, values: Record<string, string>) => {
      received.bytes = 0;
      const answer = toolJson(
        await client.callTool({ name: "render_template", arguments: { id, values } }),
      );
      return { answer, bytes: received.bytes };
    };
    for (const unit of ["a", "é"]) {
      const prompt = await save(person, `Attack ${unit}`, attack(unit));
      expect(attack(unit)).toHaveLength(124_006);
      const refused = await render(prompt.id, {});
      expect(refused.answer).toEqual({
        isError: true,
        value: { error: "invalid_input", message: tooLong },
      });
      expect(refused.bytes).toBeLessThan(1_000);
    }
    // The same through values: the longest value a variable takes, 5,000 times.
    const bare = await save(person, "Bare", "{{x}}".repeat(5_000));
    const viaValues = await render(bare.id, { x: "語".repeat(100_000) });
    expect(viaValues.answer.value).toEqual({ error: "invalid_input", message: tooLong });
    expect(viaValues.bytes).toBeLessThan(1_000);
    // Up to the limit it fills: ten values of 100,000 characters.
    const ten = await save(person, "Ten", "{{x}}".repeat(10));
    const filled = await render(ten.id, { x: "a".repeat(100_000) });
    expect(filled.answer.value.text).toHaveLength(1_000_000);
    await client.close();
  });

  it("counts what snippets that include snippets fill in, and refuses past the limit", async () => {
    const { person, client } = await countingClient();
    await save(person, "Boiler", `{{y|${"b".repeat(90_000)}}}`);
    await save(person, "Twenty boilers", "{{> Boiler}}".repeat(20));
    const template = await save(person, "Many boilers", "{{> Twenty boilers}}".repeat(20));
    const render = async (values: Record<string, string>) =>
      toolJson(
        await client.callTool({
          name: "render_template",
          arguments: { id: template.id, values },
        }),
      ).value;
    // 400 copies of a 90,000-character default: 36,000,000 characters.
    expect(await render({})).toEqual({ error: "invalid_input", message: tooLong });
    // A short value fills all 400 places well within the limit.
    expect((await render({ y: "ok" })).text).toBe("ok".repeat(400));
    await client.close();
  });

  it("prompts/get refuses the same, and bounds each argument as render_template bounds values", async () => {
    const { person, client, received } = await countingClient();
    await save(person, "Attack", attack("a"));
    await save(person, "Bare", "{{x}}".repeat(5_000));
    const refusal = async (name: string, args: Record<string, string>) => {
      received.bytes = 0;
      const error = await client.getPrompt({ name, arguments: args }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      return { error, bytes: received.bytes };
    };
    const refused = await refusal("attack", {});
    // The SDK puts "MCP error -32602: " before a refusal's message, on each side of the wire.
    expect(refused.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining(tooLong),
    });
    expect(refused.bytes).toBeLessThan(1_000);
    const viaArguments = await refusal("bare", { x: "é".repeat(100_000) });
    expect(viaArguments.error).toMatchObject({ message: expect.stringContaining(tooLong) });
    expect(viaArguments.bytes).toBeLessThan(1_000);
    // A value longer than any variable takes is refused as it arrives, before any fill.
    const overLong = await refusal("bare", { x: "a".repeat(100_001) });
    expect(overLong.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining("x: Too big: expected string to have <=100000 characters"),
    });
    const one = await save(person, "One", "{{x}}");
    const renderOverLong = await client.callTool({
      name: "render_template",
      arguments: { id: one.id, values: { x: "a".repeat(100_001) } },
    });
    expect(renderOverLong).toMatchObject({
      isError: true,
      content: [{ type: "text", text: expect.stringContaining("Too big") }],
    });
    await client.close();
  });
});
