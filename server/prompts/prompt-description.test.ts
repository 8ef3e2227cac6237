import { describe, expect, it } from "vitest";
import { descriptionMaxLength, type Prompt } from "../../shared/prompt.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";

/**
 * A prompt's description (issue 42): optional plain text up to 500 characters beside the short
 * title, one more refused as any input is; changed or taken away without a new version; found by
 * search in one's library and the community's.
 */

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

describe("a prompt's description", () => {
  it("takes 500 characters, refuses 501 with the usual error, and changes without a version", async () => {
    const me = await apiPerson(database.db, app);
    const longest = "d".repeat(descriptionMaxLength);
    const made = await me.call("POST", "/api/v1/prompts", {
      promptText: "Summarise the meeting.",
      useCase: "Meetings",
      description: `  ${longest}  `,
      shared: false,
    });
    expect(made.status, made.text).toBe(201);
    expect((made.body as Prompt).description).toBe(longest);
    const tooLong = await me.call("POST", "/api/v1/prompts", {
      promptText: "Summarise the meeting.",
      description: `${longest}d`,
      shared: false,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toEqual({
      code: "invalid_input",
      message: expect.stringContaining(`${descriptionMaxLength} characters`),
    });

    const id = made.body.id as string;
    const edited = await me.call("PATCH", `/api/v1/prompts/${id}`, { description: "For Mondays" });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ description: "For Mondays", version: 1 });
    const cleared = await me.call("PATCH", `/api/v1/prompts/${id}`, { description: "" });
    expect(cleared.body).toMatchObject({ description: null, version: 1 });
    const listed = await me.call("GET", "/api/v1/prompts?scope=personal");
    expect(listed.body.items[0]).toMatchObject({ id, description: null });
  });

  it("is searched, in one's own library and the community's", async () => {
    const me = await apiPerson(database.db, app);
    const word = `zanzibarish${Date.now()}`;
    for (const shared of [false, true]) {
      await me.call("POST", "/api/v1/prompts", {
        promptText: "Plan the week.",
        useCase: shared ? "Shared plan" : "Own plan",
        description: `Weekly planning, ${word} style`,
        shared,
        confirm: true,
      });
    }
    const own = await me.call("GET", `/api/v1/prompts?scope=personal&q=${word}`);
    expect(own.body.items.map((item: Prompt) => item.title)).toEqual(["Own plan"]);
    for (const sort of ["newest", "relevance"]) {
      const community = await me.call(
        "GET",
        `/api/v1/prompts?scope=community&q=${word}&sort=${sort}`,
      );
      expect(community.body.items.map((item: Prompt) => item.title)).toEqual(["Shared plan"]);
    }
  });
});
