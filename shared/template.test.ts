import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderTemplate, templateVariables } from "./template.ts";

describe("templateVariables", () => {
  it("finds variables and defaults in order, once each", () => {
    expect(
      templateVariables("Write about {{ topic }} in a {{tone|friendly}} tone. More {{topic}}."),
    ).toEqual([
      { name: "topic", defaultValue: "", type: { kind: "text" }, builtIn: false },
      { name: "tone", defaultValue: "friendly", type: { kind: "text" }, builtIn: false },
    ]);
  });

  it("ignores escaped braces, empty names and unclosed braces", () => {
    expect(templateVariables("Use \\{{literal}} and {{}} and {{ open")).toEqual([]);
  });
});

describe("renderTemplate", () => {
  it("fills values, falls back to defaults, and unescapes literal braces", () => {
    expect(renderTemplate("Hi {{name}}, {{mood|glad}} \\{{x}}", { name: "Ada" })).toBe(
      "Hi Ada, glad {{x}}",
    );
  });

  // Literal text that cannot form a placeholder or an escape by itself.
  const literal = fc.string({
    unit: fc.constantFrom(..."abc XYZ,.!?-_:|\n\t🙂é".split("")),
    maxLength: 12,
  });
  const name = fc
    .string({ unit: fc.constantFrom(..."abcxyz_ 0".split("")), minLength: 1, maxLength: 8 })
    .filter((n) => n.trim() !== "");
  const value = fc.string({ maxLength: 10 }).filter((v) => !v.includes("\u0000"));
  type Segment =
    | { kind: "text"; text: string }
    | { kind: "escape" }
    | { kind: "var"; name: string; fallback?: string };
  const segment: fc.Arbitrary<Segment> = fc.oneof(
    literal.map((text) => ({ kind: "text" as const, text })),
    fc.constant({ kind: "escape" as const }),
    fc.record({
      kind: fc.constant("var" as const),
      name,
      fallback: fc.option(
        literal.filter((t) => !t.includes("\n")),
        { nil: undefined },
      ),
    }),
  );

  it("replaces every placeholder and changes nothing else, for any template and values", () => {
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 12 }),
        fc.dictionary(
          name.map((n) => n.trim()),
          value,
        ),
        (segments, values) => {
          const template = segments
            .map((s) =>
              s.kind === "text"
                ? s.text
                : s.kind === "escape"
                  ? "\\{{"
                  : `{{${s.name}${s.fallback === undefined ? "" : `|${s.fallback}`}}}`,
            )
            .join("");
          const defaults = new Map<string, string>();
          for (const s of segments) {
            if (s.kind === "var" && s.fallback && !defaults.get(s.name.trim()))
              defaults.set(s.name.trim(), s.fallback);
          }
          const expected = segments
            .map((s) =>
              s.kind === "text"
                ? s.text
                : s.kind === "escape"
                  ? "{{"
                  : values[s.name.trim()] || defaults.get(s.name.trim()) || "",
            )
            .join("");
          expect(renderTemplate(template, values)).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("leaves any text without {{ exactly as it is", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 200 }).filter((t) => !t.includes("{{")),
        (text) => {
          expect(renderTemplate(text, {})).toBe(text);
          expect(templateVariables(text)).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
