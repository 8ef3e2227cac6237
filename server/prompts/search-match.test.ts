import { describe, expect, it } from "vitest";
import type { Prompt } from "../../shared/prompt.ts";
import type { TextRange } from "../../shared/search-match.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";

/**
 * A search's answer says where the term lies in what each card shows, so the browser marks it
 * without looking for it again: in the list, and in one prompt read for a search (an open list
 * asking about a prompt that changed, a card's Show more).
 */

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const filler = "Plan each step of the work in plain words and check it twice. ".repeat(20);

/** The stretches of the text the ranges point at. */
const at = (text: string, ranges: readonly TextRange[] | undefined) =>
  (ranges ?? []).map(([start, end]) => text.slice(start, end));

/** Each test's prompts have a word of their own, so no test finds another's. */
let tests = 0;

async function sharedPrompts() {
  const word = `wombat${++tests}match`;
  const capitalised = `Wombat${tests}Match`;
  const me = await apiPerson(database.db, app);
  const share = async (useCase: string, promptText: string) => {
    const made = await me.call("POST", "/api/v1/prompts", { useCase, promptText, shared: true });
    expect(made.status).toBe(201);
    return made.body as Prompt;
  };
  const late = await share(`Late ${word}`, `${filler}Then run the ${capitalised} script twice.`);
  const early = await share("Early", `Write a ${word} checker for **${word}** files.`);
  const topic = await share(`${word} notes`, "Nothing about it in the text.");
  return { me, word, capitalised, late, early, topic };
}

describe("a search's answer", () => {
  it("gives each card the places the term lies in its title, use case and preview", async () => {
    const { me, word, capitalised, late, early, topic } = await sharedPrompts();
    const { body } = await me.call(
      "GET",
      `/api/v1/prompts?scope=community&q=${word.toUpperCase()}`,
    );
    const byId = new Map((body.items as Prompt[]).map((item) => [item.id, item]));
    expect(byId.size).toBe(3);

    const lateMatch = byId.get(late.id)?.match;
    expect(at(late.title, lateMatch?.title)).toEqual([word]);
    // The match lies past the list's start: the preview is the plain words around it.
    expect(lateMatch?.preview.text).toMatch(/^….*script twice\.$/);
    expect(at(lateMatch?.preview.text ?? "", lateMatch?.preview.marks)).toEqual([capitalised]);
    // The list holds only the start of that text: no places in the whole of it.
    expect(lateMatch?.text).toBeUndefined();

    const earlyMatch = byId.get(early.id)?.match;
    expect(earlyMatch?.title).toEqual([]);
    // The preview is the start, as plain text: the Markdown markers are gone.
    expect(earlyMatch?.preview.text).toBe(`Write a ${word} checker for ${word} files.`);
    expect(at(earlyMatch?.preview.text ?? "", earlyMatch?.preview.marks)).toEqual([word, word]);
    // Its whole text is in the list, so the places in it are given too.
    expect(at(early.promptText, earlyMatch?.text)).toEqual([word, word]);

    const topicMatch = byId.get(topic.id)?.match;
    expect(at(topic.category ?? "", topicMatch?.category)).toEqual([word]);
    expect(topicMatch?.preview).toEqual({ text: "Nothing about it in the text.", marks: [] });
  });

  it("has no match without a term", async () => {
    const { me } = await sharedPrompts();
    const { body } = await me.call("GET", "/api/v1/prompts?scope=community");
    expect(body.items.length).toBeGreaterThan(0);
    expect((body.items as Prompt[]).every((item) => item.match === undefined)).toBe(true);
  });

  it("reads one prompt for a search: where it matches in its whole text, or null", async () => {
    const { me, word, capitalised, late, topic } = await sharedPrompts();
    const read = (id: string, q?: string) =>
      me.call("GET", `/api/v1/prompts/${id}${q === undefined ? "" : `?q=${q}`}`);

    const found = (await read(late.id, word.toUpperCase())).body as Prompt;
    expect(found.truncated).toBe(false);
    expect(at(found.promptText, found.match?.text)).toEqual([capitalised]);
    expect(found.match?.preview.text).toMatch(/^….*script twice\.$/);

    // Found by its use case alone: a match, with nothing in its text.
    const byTopic = (await read(topic.id, word)).body as Prompt;
    expect(byTopic.match?.text).toEqual([]);
    expect(at(topic.category ?? "", byTopic.match?.category)).toEqual([word]);

    // Not a match for this term (a search does not look in the title), and none asked for.
    expect((await read(late.id, "twice%20again")).body.match).toBeNull();
    expect((await read(topic.id, "notes%20about")).body.match).toBeNull();
    expect((await read(late.id)).body).not.toHaveProperty("match");
    expect((await read(late.id, "%20")).body).not.toHaveProperty("match");
    expect((await read(late.id, "x".repeat(501))).status).toBe(400);
  });
});
