import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { startTestServer } from "../../tests/support/test-server.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { projectRoot } from "../project-root.ts";

/**
 * The MCP Inspector's command line, as a developer or a CI job checks an MCP server with it:
 * against /mcp on a listening server, with a personal access token. Each method it lists must
 * answer, and the command exit 0.
 */
let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

let server: Awaited<ReturnType<typeof startTestServer>>;
let token = "";
/** The Inspector keeps a catalog and settings under its home: a folder of the test's own. */
let home = "";

beforeAll(async () => {
  server = await startTestServer({ db: database.db });
  const person = await apiPerson(database.db, app);
  const made = await person.call("POST", "/api/v1/prompts", {
    promptText: "Write a limerick about {{topic}}",
    useCase: "Limerick",
    shared: false,
  });
  expect(made.status).toBe(201);
  expect((await person.call("PUT", `/api/v1/prompts/${made.body.id}/favourite`)).status).toBe(204);
  const created = await person.call("POST", "/api/v1/tokens", { name: "Inspector", scope: "read" });
  expect(created.status).toBe(201);
  token = created.body.token;
  home = await mkdtemp(join(tmpdir(), "promptshelf-inspector-"));
});
afterAll(async () => {
  await server?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

async function inspectorBin() {
  const folder = join(projectRoot, "node_modules/@modelcontextprotocol/inspector");
  const manifest = JSON.parse(await readFile(join(folder, "package.json"), "utf8")) as {
    bin: Record<string, string>;
  };
  return join(folder, manifest.bin["mcp-inspector"] ?? "");
}

/** Runs the Inspector's CLI once; answers its exit code and what it printed. */
async function inspect(method: string) {
  const bin = await inspectorBin();
  const args = [
    bin,
    "--cli",
    `${server.origin}/mcp`,
    "--transport",
    "http",
    "--method",
    method,
    "--header",
    `Authorization: Bearer ${token}`,
    "--format",
    "json",
  ];
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: dirname(bin), env: { ...process.env, HOME: home, NO_COLOR: "1" }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe("the MCP Inspector's CLI", () => {
  it("lists the tools", async () => {
    const run = await inspect("tools/list");
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const names = JSON.parse(run.stdout).result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["search_prompts", "get_prompt"]));
  });

  it("lists the prompts: the person's starred ones", async () => {
    const run = await inspect("prompts/list");
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const titles = JSON.parse(run.stdout).result.prompts.map(
      (prompt: { title: string }) => prompt.title,
    );
    expect(titles).toEqual(["Limerick"]);
  });

  it("lists the resources: none", async () => {
    const run = await inspect("resources/list");
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(JSON.parse(run.stdout).result).toEqual({ resources: [] });
  });
});

/** A JSON-RPC request to /mcp as any client sends it, with the token; answers its JSON. */
async function rpc(method: string, params: Record<string, unknown> = {}) {
  const res = await fetch(`${server.origin}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  // A streamed answer carries the JSON-RPC message on its data line.
  return JSON.parse(text.startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? "null"));
}

describe("resources", () => {
  it("are offered, and listed as none, rather than refused as an unknown method", async () => {
    const init = await rpc("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "1" },
    });
    expect(init.result.capabilities.resources).toEqual({});
    expect(await rpc("resources/list")).toMatchObject({ result: { resources: [] } });
    expect(await rpc("resources/templates/list")).toMatchObject({
      result: { resourceTemplates: [] },
    });
    const read = await rpc("resources/read", { uri: "promptshelf://nothing" });
    expect(read.error).toMatchObject({ code: -32002 });
  });
});
