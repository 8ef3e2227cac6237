import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { lineStretches, promptLines } from "./prompt-lines.ts";

describe("promptLines", () => {
  it("tells headings, items, quotes, code and blank lines apart, keeping every character", () => {
    const text = [
      "# Role",
      "You are a reviewer.",
      "",
      "- check tone",
      "2. check facts",
      "> quoted",
      "```",
      "# not a heading in code",
      "```",
      "#hashtag is text",
    ].join("\n");
    const lines = promptLines(text);
    expect(lines.map((line) => line.kind)).toEqual([
      "heading",
      "text",
      "blank",
      "item",
      "item",
      "quote",
      "fence",
      "code",
      "fence",
      "text",
    ]);
    expect(lines.map((line) => line.text).join("\n")).toBe(text);
  });

  it("gives back every real prompt exactly, line endings aside", () => {
    const rows: { prompt: string }[] = parse(
      readFileSync(new URL("../../seed/prompts.csv", import.meta.url)),
      { columns: true, max_record_size: 1_000_000 },
    );
    expect(rows.length).toBeGreaterThan(1000);
    for (const { prompt } of rows) {
      expect(
        promptLines(prompt)
          .map((line) => line.text)
          .join("\n"),
      ).toBe(prompt.replace(/\r\n/g, "\n"));
    }
  });
});

describe("lineStretches", () => {
  it("marks variables and snippets and joins back to the line", () => {
    const line =
      "Write about {{topic|cats}} in {{tone:choice(calm,loud)}}, see {{> Style}} \\{{x}}";
    const stretches = lineStretches(line);
    expect(stretches.map((stretch) => stretch.text).join("")).toBe(line);
    expect(stretches.filter((stretch) => stretch.template).map((stretch) => stretch.text)).toEqual([
      "{{topic|cats}}",
      "{{tone:choice(calm,loud)}}",
      "{{> Style}}",
    ]);
  });
});
