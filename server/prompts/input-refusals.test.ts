import { describe, expect, it } from "vitest";
import { promptTextMaxLength } from "../../shared/prompt.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const tooLong = "x".repeat(210_000);

describe("a prompt past the length limit is refused as too long, naming the limit", () => {
  it("by the API, on create and on edit", async () => {
    const me = await apiPerson(database.db, app);
    const created = await me.call("POST", "/api/v1/prompts", {
      promptText: tooLong,
      shared: false,
    });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({ code: "invalid_input", detail: "prompt_too_long" });
    expect(created.body.error.message).toContain(promptTextMaxLength.toLocaleString("en-US"));

    const fine = await me.call("POST", "/api/v1/prompts", { promptText: "Short", shared: false });
    const edited = await me.call("PATCH", `/api/v1/prompts/${fine.body.id}`, {
      promptText: tooLong,
    });
    expect(edited.status).toBe(400);
    expect(edited.body.error).toMatchObject({ detail: "prompt_too_long" });
  });

  it("by a page's action, sent as the form sends it", async () => {
    const me = await apiPerson(database.db, app);
    const form = new FormData();
    form.set("intent", "create");
    form.set("useCase", "");
    form.set("promptText", tooLong);
    const res = await app.request("/dashboard.data", {
      method: "POST",
      headers: { origin: "http://localhost:3000", cookie: me.actor.cookie },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("prompt_too_long");
  });

  it("a prompt at the limit outside ASCII fits through the form (multipart)", async () => {
    const me = await apiPerson(database.db, app);
    const form = new FormData();
    form.set("intent", "create");
    form.set("useCase", "");
    // 200,000 characters of three UTF-8 bytes each: 1.8 MB URL-encoded, 600 kB as multipart.
    form.set("promptText", "語".repeat(promptTextMaxLength));
    const res = await app.request("/dashboard.data", {
      method: "POST",
      headers: { origin: "http://localhost:3000", cookie: me.actor.cookie },
      body: form,
    });
    expect(res.status).toBe(200);
  });
});

describe("a tag that cannot be added says why", () => {
  it("one the prompt already has, in any case", async () => {
    const me = await apiPerson(database.db, app);
    const prompt = (await me.call("POST", "/api/v1/prompts", { promptText: "A", shared: false }))
      .body;
    expect(
      (await me.call("POST", `/api/v1/prompts/${prompt.id}/tags`, { name: "email" })).status,
    ).toBe(204);
    const again = await me.call("POST", `/api/v1/prompts/${prompt.id}/tags`, { name: "Email" });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({
      code: "invalid_input",
      detail: "tag_already_on_prompt",
      message: "This prompt already has the tag #email",
    });
  });

  it("one past 32 characters, naming the limit", async () => {
    const me = await apiPerson(database.db, app);
    const prompt = (await me.call("POST", "/api/v1/prompts", { promptText: "A", shared: false }))
      .body;
    const long = await me.call("POST", `/api/v1/prompts/${prompt.id}/tags`, {
      name: "x".repeat(33),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe("name: Tags are at most 32 characters");
  });
});
