import { describe, expect, it } from "vitest";
import { templateVariables } from "../../shared/template.ts";
import { copilotText } from "./export-prompt-files.ts";
import { openWebUiTemplate } from "./read-open-webui-import.ts";
import { copilotTemplate } from "./read-prompt-file.ts";
import { promptGeniusTemplate } from "./read-prompt-genius-import.ts";

const kinds = (text: string) =>
  templateVariables(text).map((v) => [v.name, v.type.kind, v.defaultValue, v.required]);

describe("Open WebUI's typed inputs", () => {
  it("take the nearest of our types, their default and their required flag", () => {
    const text = openWebUiTemplate(
      [
        '{{tone | select:options=["warm","dry"]:default="dry":required}}',
        '{{notes | textarea:placeholder="Say: required"}}',
        "{{count | number:min=1:max=9:default=5}}",
        "{{score | range:min=1:max=10}}",
        '{{deep | checkbox:label="Go deep":default=true}}',
        "{{start | date:required}}",
        "{{site | url}}",
        "{{pick | select:options=[broken:required}}",
      ].join(" "),
    );
    expect(text).toContain("{{tone:choice(warm,dry)!|dry}}");
    expect(kinds(text)).toEqual([
      ["tone", "choice", "dry", true],
      ["notes", "long", "", false],
      ["count", "number", "5", false],
      ["score", "number", "", false],
      ["deep", "yesno", "yes", false],
      ["start", "date", "", true],
      ["site", "text", "", false],
      ["pick", "text", "", true],
    ]);
  });
});

describe("AI Prompt Genius's typed variables", () => {
  it("are long text, numbers and choices, and a one-branch conditional is a section", () => {
    const text = promptGeniusTemplate(
      "{{Brief::largeText}} {{Words::number}} {{Mood::list-calm; wild}} {{Set::list@tones}} {{if Brief {Extra::text}}} {{if Words > 3 {More::text}}}",
    );
    expect(text).toContain("{{#if Brief}}{{Extra}}{{/if}}");
    expect(text).toContain("\\{{if Words > 3 {More::text}}}");
    expect(kinds(text)).toEqual([
      ["Brief", "long", "", false],
      ["Words", "number", "", false],
      ["Mood", "choice", "calm", false],
      ["Set", "text", "", false],
      ["Extra", "text", "", false],
    ]);
  });
});

describe("our own .prompt.md files", () => {
  it("keep a section through export and import", () => {
    const text = "Hi {{#if formal}}Dear {{name}}{{/if}}!";
    expect(copilotTemplate(copilotText(text))).toBe(text);
  });
});
