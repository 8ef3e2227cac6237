import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiPerson } from "../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../tests/support/test-app.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { AppError, errorBody } from "./errors.ts";
import { parseInput, withDetail } from "./validation.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

describe("an AppError's body", () => {
  it("carries the detail code when there is one, and no detail key otherwise", () => {
    expect(errorBody(new AppError("not_found", "Tag not found", "tag_not_found"))).toEqual({
      code: "not_found",
      detail: "tag_not_found",
      message: "Tag not found",
    });
    expect(Object.keys(errorBody(new AppError("unauthenticated", "Please sign in")))).toEqual([
      "code",
      "message",
    ]);
  });

  it("takes the detail from the rule that refused the input", () => {
    const schema = z.object({
      name: z.string().refine((name) => name !== "", withDetail("folder_name_taken", "Taken")),
    });
    const refused = (() => {
      try {
        parseInput(schema, { name: "" });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect(errorBody(refused as AppError)).toEqual({
      code: "invalid_input",
      detail: "folder_name_taken",
      message: "name: Taken",
    });
  });
});

describe("the API's error body names the reason a client acts on", () => {
  it("blank prompt content", async () => {
    const me = await apiPerson(database.db, app);
    const res = await me.call("POST", "/api/v1/prompts", { promptText: "  \n ", shared: false });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: "invalid_input",
        detail: "prompt_content_missing",
        message: "promptText: Please enter prompt content",
      },
    });
  });

  it("a folder name already taken, and a folder that is not there", async () => {
    const me = await apiPerson(database.db, app);
    expect((await me.call("POST", "/api/v1/folders", { name: "Work" })).status).toBe(201);
    const taken = await me.call("POST", "/api/v1/folders", { name: "work" });
    expect(taken).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_input", detail: "folder_name_taken" } },
    });
    const missing = await me.call("PATCH", `/api/v1/folders/${crypto.randomUUID()}`, {
      name: "x",
    });
    expect(missing).toMatchObject({
      status: 404,
      body: { error: { code: "not_found", detail: "folder_not_found" } },
    });
  });

  it("a body that is not JSON", async () => {
    const me = await apiPerson(database.db, app);
    const res = await app.request("/api/v1/folders", {
      method: "POST",
      headers: {
        origin: "http://localhost:3000",
        cookie: me.actor.cookie,
        "content-type": "application/json",
      },
      body: "{ not json",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: "invalid_input", detail: "body_not_json" },
    });
  });
});

describe("a page action's answer carries the detail too", () => {
  it("blank prompt content on /dashboard", async () => {
    const me = await apiPerson(database.db, app);
    const res = await app.request("/dashboard.data", {
      method: "POST",
      headers: { origin: "http://localhost:3000", cookie: me.actor.cookie },
      body: new URLSearchParams({ intent: "create", promptText: "   " }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("prompt_content_missing");
  });
});
