import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { templateStretches } from "./prompt-lines.ts";

describe("templateStretches", () => {
  it("marks variables and snippets and joins back to the text", () => {
    const text =
      "# Write about {{topic|cats}}\n- in {{tone:choice(calm,loud)}}, see {{> Style}} \\{{x}}";
    const stretches = templateStretches(text);
    expect(stretches.map((stretch) => stretch.text).join("")).toBe(text);
    expect(stretches.filter((stretch) => stretch.template).map((stretch) => stretch.text)).toEqual([
      "{{topic|cats}}",
      "{{tone:choice(calm,loud)}}",
      "{{> Style}}",
    ]);
  });

  it("gives back every real prompt exactly, Markdown markers and all", () => {
    const rows: { prompt: string }[] = parse(
      readFileSync(new URL("../../seed/prompts.csv", import.meta.url)),
      { columns: true, max_record_size: 1_000_000 },
    );
    expect(rows.length).toBeGreaterThan(1000);
    for (const { prompt } of rows) {
      expect(
        templateStretches(prompt)
          .map((stretch) => stretch.text)
          .join(""),
      ).toBe(prompt);
    }
  });
});
