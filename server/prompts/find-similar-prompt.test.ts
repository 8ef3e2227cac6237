import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

// From seed/prompts.csv ("Linux Terminal"), and the same prompt as someone would save it again
// with a different first command and a word or two changed.
const terminal =
  "I want you to act as a linux terminal. I will type commands and you will reply with what the terminal should show. I want you to only reply with the terminal output inside one unique code block, and nothing else. do not write explanations. do not type commands unless I instruct you to do so. when i need to tell you something in english, i will do so by putting text inside curly brackets {like this}. my first command is pwd";
const terminalAgain =
  "I want you to act as a Linux terminal. I will type commands and you will reply with what the terminal should show. Only reply with the terminal output inside one unique code block, and nothing else. Do not write explanations. Do not type commands unless I instruct you to. When I need to tell you something in English, I will put it inside curly brackets {like this}. My first command is ls -la";
const translator =
  "I want you to act as an English translator, spelling corrector and improver. I will speak to you in any language and you will detect the language, translate it and answer in the corrected and improved version of my text, in English.";

describe("the near-duplicate warning on save", () => {
  it("names the most similar prompt in your own library, with a link, and never blocks", async () => {
    const me = await apiPerson(database.db, app);
    const first = await me.call("POST", "/api/v1/prompts", {
      promptText: terminal,
      useCase: "Linux Terminal",
      shared: false,
    });
    expect(first.status).toBe(201);
    expect(first.body.similar).toBeNull();
    await me.call("POST", "/api/v1/prompts", { promptText: translator, shared: false });

    const again = await me.call("POST", "/api/v1/prompts", {
      promptText: terminalAgain,
      shared: false,
    });
    expect(again.status).toBe(201);
    expect(again.body.similar).toEqual({
      id: first.body.id,
      title: "Linux Terminal",
      isShared: false,
      similarity: expect.any(Number),
      href: "/personal?q=Linux%20Terminal",
    });
    expect(again.body.similar.similarity).toBeGreaterThanOrEqual(0.6);

    // Editing the text is checked the same way; changing the use case alone is not.
    const edited = await me.call("PATCH", `/api/v1/prompts/${again.body.id}`, {
      promptText: `${terminalAgain} and then cd /tmp`,
    });
    expect(edited.body.similar?.id).toBe(first.body.id);
    const renamed = await me.call("PATCH", `/api/v1/prompts/${again.body.id}`, {
      useCase: "Terminal 2",
    });
    expect(renamed.body.similar).toBeNull();
  });

  it("says nothing of a prompt that is only somewhat alike, or of someone else's", async () => {
    const me = await apiPerson(database.db, app);
    const other = await apiPerson(database.db, app);
    await other.call("POST", "/api/v1/prompts", { promptText: terminal, shared: true });
    await me.call("POST", "/api/v1/prompts", { promptText: translator, shared: false });
    const mine = await me.call("POST", "/api/v1/prompts", { promptText: terminal, shared: false });
    expect(mine.body.similar).toBeNull();
  });

  it("the web form's answer carries it too", async () => {
    const me = await apiPerson(database.db, app);
    const first = await me.call("POST", "/api/v1/prompts", { promptText: terminal, shared: false });
    const res = await app.request("/personal.data", {
      method: "POST",
      headers: { origin: "http://localhost:3000", cookie: me.actor.cookie },
      body: new URLSearchParams({ intent: "create", promptText: terminalAgain }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("similar");
    expect(text).toContain(first.body.id);
  });
});
