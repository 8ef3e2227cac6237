import { describe, expect, it } from "vitest";
import type { Prompt } from "../../shared/prompt.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { realPrompts } from "../../tests/support/real-prompts.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";

/**
 * Issue 42: a search for "python" lists the real prompt "Socratic Lens", whose only "python"
 * lies some 24,000 characters in; its card must show the words around that match, marked.
 */

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

describe("a match deep in a long prompt", () => {
  it("is shown around the first match, with the term marked", async () => {
    const lens = realPrompts().find((prompt) => prompt.act.startsWith("Socratic Lens"));
    if (!lens) throw new Error("Socratic Lens is not among the real prompts");
    const first = lens.prompt.toLowerCase().indexOf("python");
    expect(first).toBeGreaterThan(20_000);
    const me = await apiPerson(database.db, app);
    const made = await me.call("POST", "/api/v1/prompts", {
      promptText: lens.prompt,
      useCase: lens.act,
      shared: true,
      confirm: true,
    });
    expect(made.status, made.text).toBe(201);
    const found = await me.call("GET", "/api/v1/prompts?scope=community&q=python");
    const card = (found.body.items as Prompt[]).find((item) => item.id === made.body.id);
    if (!card?.match) throw new Error("Socratic Lens is not listed with its match");
    const { text, marks } = card.match.preview;
    expect(
      marks.length,
      JSON.stringify({ text, excerpt: card.matchExcerpt?.slice(0, 300) }),
    ).toBeGreaterThan(0);
    for (const [start, end] of marks) expect(text.slice(start, end).toLowerCase()).toBe("python");
  });
});
