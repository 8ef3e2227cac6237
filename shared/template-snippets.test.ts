import { describe, expect, it } from "vitest";
import { FilledTooLong, fillTemplate, renderTemplate, templateVariables } from "./template.ts";
import {
  expandSnippets,
  type Snippet,
  SnippetError,
  snippetDepthLimit,
  snippetTitles,
} from "./template-snippets.ts";

/** A person's prompts by title, as the API would find them, counting the look-ups. */
function library(prompts: [title: string, text: string][]) {
  const snippets: Snippet[] = prompts.map(([title, promptText], index) => ({
    id: `id-${index}`,
    title,
    promptText,
  }));
  const asked: string[][] = [];
  const lookup = async (titles: string[]) => {
    asked.push(titles);
    const wanted = new Set(titles.map((title) => title.toLowerCase()));
    return snippets.filter((snippet) => wanted.has(snippet.title.toLowerCase()));
  };
  return { lookup, asked };
}

async function refusal(run: Promise<unknown>) {
  try {
    await run;
  } catch (error) {
    if (error instanceof SnippetError) return { problem: error.problem, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("snippets", () => {
  it("expands nested snippets by title in any case, their variables joining the template's", async () => {
    const { lookup, asked } = library([
      ["Signature", "Regards, {{me}}"],
      ["Email opener", "Dear {{recipient}},\n{{> signature}}"],
    ]);
    const pieces = await expandSnippets("{{> EMAIL OPENER}}\nAbout {{topic}}.", { lookup });
    expect(renderTemplate(pieces, { recipient: "Ada", me: "Bo", topic: "tea" })).toBe(
      "Dear Ada,\nRegards, Bo\nAbout tea.",
    );
    expect(templateVariables(pieces).map((v) => v.name)).toEqual(["recipient", "me", "topic"]);
    // One look-up per level of nesting, never one per snippet.
    expect(asked).toEqual([["EMAIL OPENER"], ["signature"]]);
  });

  it("keeps an escaped {{> x}} as text and asks for nothing", async () => {
    const { lookup, asked } = library([]);
    const pieces = await expandSnippets("Write \\{{> x}} literally", { lookup });
    expect(renderTemplate(pieces, {})).toBe("Write {{> x}} literally");
    expect(asked).toEqual([]);
  });

  it("expands a snippet used twice twice, and an escape inside a snippet stays literal", async () => {
    const { lookup } = library([["Brace", "\\{{not a variable}}"]]);
    const pieces = await expandSnippets("{{> Brace}} and {{> brace}}", { lookup });
    expect(renderTemplate(pieces, {})).toBe("{{not a variable}} and {{not a variable}}");
  });

  it("refuses a loop, naming the chain", async () => {
    const { lookup } = library([
      ["A", "a {{> B}}"],
      ["B", "b {{> C}}"],
      ["C", "c {{> a}}"],
    ]);
    expect(await refusal(expandSnippets("start {{> A}}", { lookup }))).toEqual({
      problem: "loop",
      message: "These snippets include each other in a loop: A → B → C → A.",
    });
  });

  it("refuses a prompt that includes itself", async () => {
    const { lookup } = library([["Self", "me again {{> Self}}"]]);
    expect(
      await refusal(
        expandSnippets("me again {{> Self}}", { lookup, self: { id: "id-0", title: "Self" } }),
      ),
    ).toEqual({
      problem: "loop",
      message: "These snippets include each other in a loop: Self → Self.",
    });
  });

  it("refuses a snippet no prompt has, saying where it was used", async () => {
    const { lookup } = library([["Outer", "x {{> Gone}}"]]);
    expect(await refusal(expandSnippets("{{> Outer}}", { lookup }))).toEqual({
      problem: "missing",
      message: "No prompt of yours is titled “Gone” (used in Outer).",
    });
    expect((await refusal(expandSnippets("{{> Nowhere}}", { lookup }))).message).toBe(
      "No prompt of yours is titled “Nowhere”.",
    );
  });

  it(`expands ${snippetDepthLimit} levels deep and refuses one more`, async () => {
    const chain = (levels: number): [string, string][] =>
      Array.from({ length: levels }, (_, i) => [
        `L${i}`,
        i === levels - 1 ? `end ${i}` : `${i} {{> L${i + 1}}}`,
      ]);
    const deep = library(chain(snippetDepthLimit));
    expect(renderTemplate(await expandSnippets("{{> L0}}", deep), {})).toBe("0 1 2 3 4 5 6 end 7");
    const deeper = library(chain(snippetDepthLimit + 1));
    expect((await refusal(expandSnippets("{{> L0}}", deeper))).problem).toBe("too_deep");
  });

  it("refuses a template whose snippets multiply past the limits", async () => {
    const many = (title: string) => `{{> ${title}}}`.repeat(40);
    const { lookup } = library([
      ["A", many("B")],
      ["B", many("C")],
      ["C", "word ".repeat(2_000)],
    ]);
    expect((await refusal(expandSnippets(many("A"), { lookup }))).problem).toBe("too_large");
    const empty = library([
      ["A", many("B")],
      ["B", many("C")],
      ["C", ""],
    ]);
    expect((await refusal(expandSnippets(many("A"), empty))).problem).toBe("too_large");
  });

  it("leaves what snippets that include snippets fill in to the fill, which stops past the limit", async () => {
    const { lookup } = library([
      ["Boiler", `{{y|${"b".repeat(90_000)}}}`],
      ["Twenty", "{{> Boiler}}".repeat(20)],
    ]);
    // 400 copies of a long default expand, counted by their name alone...
    const pieces = await expandSnippets("{{> Twenty}}".repeat(20), { lookup });
    expect(pieces).toHaveLength(400);
    // ...and filled, stop on the twelfth: 36,000,000 characters are never put together.
    expect(() => fillTemplate(pieces, {})).toThrow(FilledTooLong);
    expect(() => fillTemplate(pieces, {})).toThrow(expect.objectContaining({ built: 90_000 * 12 }));
    expect(renderTemplate(pieces, { y: "ok" })).toBe("ok".repeat(400));
  });

  it("lists the titles a template names once each, escapes aside", () => {
    expect(snippetTitles("{{> A}} {{> a}} \\{{> B}} {{>C }}")).toEqual(["A", "C"]);
  });
});
