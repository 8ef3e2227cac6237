import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FilledTooLong,
  filledLengthLimit,
  filledText,
  fillTemplate,
  placeholderFor,
  renderTemplate,
  templateVariables,
} from "./template.ts";
import type { TemplatePiece } from "./template-syntax.ts";

describe("templateVariables", () => {
  it("finds variables and defaults in order, once each", () => {
    expect(
      templateVariables("Write about {{ topic }} in a {{tone|friendly}} tone. More {{topic}}."),
    ).toEqual([
      { name: "topic", defaultValue: "", type: { kind: "text" }, builtIn: false, required: false },
      {
        name: "tone",
        defaultValue: "friendly",
        type: { kind: "text" },
        builtIn: false,
        required: false,
      },
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

describe("how long a filled template may grow", () => {
  /** What a fill does when it passes the limit: its refusal, or null when it fills. */
  function refusalOf(fill: () => unknown) {
    try {
      fill();
    } catch (error) {
      if (error instanceof FilledTooLong) return error;
      throw error;
    }
    return null;
  }

  it("refuses one long default used many times, having built no more than the limit and one piece", () => {
    const attack = `{{x|${"a".repeat(99_000)}}}${"{{x}}".repeat(5_000)}`;
    const refused = refusalOf(() => renderTemplate(attack, {}));
    expect(refused?.message).toBe(
      "Filled in, this prompt would be over 1,000,000 characters. Use shorter values, or fewer.",
    );
    // 11 copies of the default pass 1,000,000; the other 4,990 are never put together.
    expect(refused?.built).toBe(99_000 * 11);
    expect(refusalOf(() => fillTemplate(attack, { x: "é".repeat(99_000) }))?.built).toBe(
      99_000 * 11,
    );
  });

  it("counts characters as a prompt's length is counted, and fills exactly up to the limit", () => {
    // UTF-16 units, as a text field's maxLength and the prompt text limit count them: 🙂 is two.
    const tenTimes = "{{x}}".repeat(10);
    const value = "🙂".repeat(filledLengthLimit / 20);
    expect(renderTemplate(tenTimes, { x: value })).toHaveLength(filledLengthLimit);
    expect(refusalOf(() => renderTemplate(`${tenTimes}!`, { x: value }))?.built).toBe(
      filledLengthLimit + 1,
    );
    // A blank is copied as its placeholder, so the placeholder is what counts.
    const blanks = `${"a".repeat(filledLengthLimit - 2)}{{x}}`;
    expect(refusalOf(() => fillTemplate(blanks, {}))?.built).toBe(filledLengthLimit + 1);
  });

  const name = fc.constantFrom("a", "b", "topic");
  /** Lengths from nothing to well past the limit; repeat() keeps even the longest cheap. */
  const text = fc
    .oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 600_000 }))
    .chain((length) => fc.constantFrom("x", "é", "🙂").map((unit) => unit.repeat(length)));
  const piece: fc.Arbitrary<TemplatePiece> = fc.oneof(
    text.map((t) => ({ text: t })),
    fc.record({
      name,
      defaultValue: fc.option(text, { nil: undefined }),
      type: fc.constant({ kind: "text" as const }),
    }),
    fc.constant({ snippet: "Not expanded" }),
  );

  it("never builds more than the limit and one piece, and refuses exactly what would pass it", () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }),
        fc.dictionary(name, text),
        (pieces, values) => {
          // What each piece comes to, as docs/templates.md describes a fill.
          const defaults = new Map<string, string>();
          for (const p of pieces) {
            if ("name" in p && p.defaultValue && !defaults.get(p.name)) {
              defaults.set(p.name, p.defaultValue);
            }
          }
          const lengths = pieces.map((p) =>
            "text" in p
              ? p.text.length
              : "snippet" in p
                ? `{{> ${p.snippet}}}`.length
                : "name" in p
                  ? (values[p.name] || defaults.get(p.name) || placeholderFor(p.name)).length
                  : 0,
          );
          let total = 0;
          let passedAt: number | null = null;
          for (const length of lengths) {
            total += length;
            if (passedAt === null && total > filledLengthLimit) passedAt = total;
          }
          const refused = refusalOf(() => fillTemplate(pieces, values));
          if (passedAt === null) {
            expect(refused).toBeNull();
            expect(total).toBeLessThanOrEqual(filledLengthLimit);
            expect(filledText(fillTemplate(pieces, values), placeholderFor)).toHaveLength(total);
          } else {
            // It stops on the piece that passes the limit, having built nothing after it.
            expect(refused?.built).toBe(passedAt);
            expect(refused?.built).toBeLessThanOrEqual(filledLengthLimit + Math.max(...lengths));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
