import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lintPrompt } from "./prompt-lint.ts";
import {
  fillTemplate,
  renderTemplate,
  requiredMissing,
  templateVariables,
  valueProblem,
} from "./template.ts";
import {
  sectionTokens,
  templatePieces,
  type VariableType,
  variableToken,
} from "./template-syntax.ts";

describe("required marks, yes/no, dates, several-of and sections", () => {
  it("reads each new type, the required mark and a section's start and end", () => {
    expect(
      templatePieces(
        "{{topic!}} {{ok:yesno|yes}} {{due : date!}} {{tags:multi(a, b ,c)|a,c}} {{#if ok}}x{{/if}} {{Wow !|hi}}",
      ).filter((piece) => !("text" in piece)),
    ).toEqual([
      { name: "topic", defaultValue: undefined, type: { kind: "text" }, required: true },
      { name: "ok", defaultValue: "yes", type: { kind: "yesno" } },
      { name: "due", defaultValue: undefined, type: { kind: "date" }, required: true },
      { name: "tags", defaultValue: "a,c", type: { kind: "multi", options: ["a", "b", "c"] } },
      { section: "ok" },
      { sectionEnd: true },
      { name: "Wow", defaultValue: "hi", type: { kind: "text" }, required: true },
    ]);
  });

  it("keeps as names what only looks near: {{!}}, {{#if}}, {{#ifx}}, {{x:multi()}}, {{a|b!}}", () => {
    expect(
      templateVariables("{{!}} {{#if}} {{#ifx}} {{x:multi()}} {{a|b!}}").map((v) => [
        v.name,
        v.type.kind,
        v.required,
        v.defaultValue,
      ]),
    ).toEqual([
      ["!", "text", false, ""],
      ["#if", "text", false, ""],
      ["#ifx", "text", false, ""],
      ["x:multi()", "text", false, ""],
      ["a", "text", false, "b!"],
    ]);
  });

  it("makes a name only a section uses a yes/no, and one also written as a field that field", () => {
    expect(
      templateVariables("{{#if urgent}}Now!{{/if}} {{#if notes}}Notes: {{notes:long}}{{/if}}").map(
        (v) => [v.name, v.type.kind, v.defaultValue],
      ),
    ).toEqual([
      ["urgent", "yesno", "no"],
      ["notes", "long", ""],
    ]);
  });

  it("shows a section when its yes/no is on or its field is filled, nested, and drops a stray end", () => {
    const template =
      "A{{#if urgent}} urgent{{#if who}} for {{who}}{{/if}}{{/if}}.{{/if}} {{#if tail}}end";
    expect(renderTemplate(template, {})).toBe("A. ");
    expect(renderTemplate(template, { urgent: "yes" })).toBe("A urgent. ");
    expect(renderTemplate(template, { urgent: "yes", who: "Ada" })).toBe("A urgent for Ada. ");
    expect(renderTemplate(template, { urgent: "no", who: "Ada" })).toBe("A. ");
    expect(renderTemplate(template, { tail: "yes" })).toBe("A. end");
    expect(renderTemplate("{{#if on}}[on]{{/if}}{{on:yesno|yes}}", {})).toBe("[on]yes");
    expect(renderTemplate("{{#if on}}[on]{{/if}}{{on:yesno|yes}}", { on: "no" })).toBe("no");
  });

  it("says which required variables are left, counting only those a section shows", () => {
    const template = "{{name!}} {{#if more}}{{detail!}}{{/if}} {{note}}";
    const variables = templateVariables(template);
    expect(requiredMissing(fillTemplate(template, {}), variables)).toEqual(["name"]);
    expect(requiredMissing(fillTemplate(template, { more: "yes" }), variables)).toEqual([
      "name",
      "detail",
    ]);
    expect(
      requiredMissing(fillTemplate(template, { name: "x", more: "yes", detail: "y" }), variables),
    ).toEqual([]);
  });

  it.each([
    [{ kind: "number" }, "12.5", "twelve"],
    [{ kind: "choice", options: ["a", "b"] }, "b", "c"],
    [{ kind: "yesno" }, "yes", "maybe"],
    [{ kind: "date" }, "2026-02-28", "2026-02-30"],
    [{ kind: "multi", options: ["a", "b", "c"] }, "a, c", "a, d"],
  ] as [VariableType, string, string][])("checks a value of %j", (type, fits, refused) => {
    expect(valueProblem({ name: "v", type }, fits)).toBeNull();
    expect(valueProblem({ name: "v", type }, refused)).toMatch(/^v /);
    expect(valueProblem({ name: "v", type }, "")).toBeNull();
  });

  it("lints an unmatched section, new types' defaults and a several-of without options", () => {
    const rules = (text: string) => lintPrompt(`Write ${text}`).map((f) => [f.rule, f.message]);
    expect(rules("{{#if a}}x")).toEqual([
      ["unmatched-section", "This section is never ended: add {{/if}} where it should stop."],
    ]);
    expect(rules("x{{/if}}")[0]?.[0]).toBe("unmatched-section");
    expect(rules("{{#if a}}x{{/if}}")).toEqual([]);
    expect(rules("{{d:date|tomorrow}}")).toEqual([
      ["bad-default", "The default “tomorrow” is not a date written as 2026-11-23."],
    ]);
    expect(rules("{{y:yesno|true}}")[0]?.[1]).toBe("The default “true” is not yes or no.");
    expect(rules("{{m:multi(a,b)|a,z}}")[0]?.[1]).toMatch(/not among the options \(a, b\)/);
    expect(rules("{{m:multi()}}")[0]?.[1]).toBe(
      "A multi needs options, as in {{tone:multi(friendly,formal)}}.",
    );
    expect(rules("{{x:checkbox}}")[0]?.[1]).toMatch(/is not a type\. The types are/);
  });
});

const typeWithNew: fc.Arbitrary<VariableType> = fc.oneof(
  fc.constant({ kind: "text" as const }),
  fc.constant({ kind: "yesno" as const }),
  fc.constant({ kind: "date" as const }),
  fc
    .array(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 })
    .map((options) => ({ kind: "multi" as const, options })),
);

describe("the writer, for any name", () => {
  it("writes any name, type and mark as one variable that reads back so, never as a section", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
        typeWithNew,
        fc.boolean(),
        (name, defaultValue, type, required) => {
          const token = variableToken(name, defaultValue, type, required);
          const pieces = templatePieces(token);
          expect(pieces).toHaveLength(1);
          const [piece] = pieces;
          if (!piece || !("name" in piece)) throw new Error(`${token} is no variable`);
          expect(piece.required === true).toBe(required);
          expect(variableToken(piece.name, piece.defaultValue, piece.type, required)).toBe(token);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("writes a section around any name, unless it has none", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (name) => {
        const tokens = sectionTokens(name);
        if (!tokens) {
          expect(name.replace(/[{}|\r\n]+/g, " ").trim()).toBe("");
          return;
        }
        const pieces = templatePieces(`${tokens.start}x${tokens.end}`);
        expect(pieces[0]).toEqual({ section: expect.any(String) });
        expect(pieces.at(-1)).toEqual({ sectionEnd: true });
      }),
      { numRuns: 1000 },
    );
  });
});
