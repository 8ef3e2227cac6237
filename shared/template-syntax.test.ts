import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillTemplate, renderTemplate, templateVariables } from "./template.ts";
import {
  literalText,
  snippetToken,
  type TemplatePiece,
  templatePieces,
  type VariableType,
  variableToken,
} from "./template-syntax.ts";

describe("typed variables, built-ins and snippets", () => {
  it("reads each type, its default, and a choice's options", () => {
    expect(
      templatePieces(
        "{{tone:choice(friendly, formal ,playful)}} {{words:number|150}} {{notes : long}} {{Subject: topic}}",
      ).filter((piece) => !("text" in piece)),
    ).toEqual([
      {
        name: "tone",
        defaultValue: undefined,
        type: { kind: "choice", options: ["friendly", "formal", "playful"] },
      },
      { name: "words", defaultValue: "150", type: { kind: "number" } },
      { name: "notes", defaultValue: undefined, type: { kind: "long" } },
      { name: "Subject: topic", defaultValue: undefined, type: { kind: "text" } },
    ]);
  });

  it("keeps a name whose colon names no type, as before types existed", () => {
    const names = templateVariables(
      "{{a:b}} {{x:numbr}} {{y:choice()}} {{:number}} {{z:Number}} {{n:number:long}}",
    ).map((v) => [v.name, v.type.kind]);
    expect(names).toEqual([
      ["a:b", "text"],
      ["x:numbr", "text"],
      ["y:choice()", "text"],
      [":number", "text"],
      ["z:Number", "text"],
      ["n:number", "long"],
    ]);
  });

  it("gives a choice without a default its first option, and marks the built-ins", () => {
    expect(
      templateVariables("{{tone:choice(a,b)}} {{ today }} {{me|someone}} {{clipboard:long}}"),
    ).toEqual([
      {
        name: "tone",
        defaultValue: "a",
        type: { kind: "choice", options: ["a", "b"] },
        builtIn: false,
        required: false,
      },
      { name: "today", defaultValue: "", type: { kind: "text" }, builtIn: true, required: false },
      {
        name: "me",
        defaultValue: "someone",
        type: { kind: "text" },
        builtIn: true,
        required: false,
      },
      {
        name: "clipboard",
        defaultValue: "",
        type: { kind: "long" },
        builtIn: false,
        required: false,
      },
    ]);
  });

  it("reads {{> Title}} as a snippet, and {{>}} as text", () => {
    expect(templatePieces("A {{> Intro | v2 }} B {{>}} {{ >x}}")).toEqual([
      { text: "A " },
      { snippet: "Intro | v2" },
      { text: " B " },
      { text: "{{>}}" },
      { text: " " },
      { snippet: "x" },
    ]);
  });

  it("leaves unfilled variables as missing pieces, so a preview can show them", () => {
    expect(fillTemplate("Hi {{name}}, {{mood|glad}}.", {})).toEqual([
      { text: "Hi " },
      { missing: "name" },
      { text: ", " },
      { text: "glad" },
      { text: "." },
    ]);
  });

  it("reads a value only from the object's own keys", () => {
    expect(renderTemplate("{{constructor}}|{{__proto__|x}}", {})).toBe("|x");
  });
});

// Characters that cannot form a token or an escape by themselves, and some that try.
const textUnit = fc.constantFrom(..."ab Z,.:|>()\n\t🙂é\\{}".split(""));
const anyText = fc.string({ unit: textUnit, maxLength: 16 });
const nameText = fc
  .string({ unit: fc.constantFrom(..."abz_ 0:>().,é".split("")), minLength: 1, maxLength: 10 })
  .filter((name) => name.trim() !== "");
const optionText = fc.string({
  unit: fc.constantFrom(..."ab z-é".split("")),
  minLength: 1,
  maxLength: 5,
});
const variableType: fc.Arbitrary<VariableType> = fc.oneof(
  fc.constant({ kind: "text" as const }),
  fc.constant({ kind: "long" as const }),
  fc.constant({ kind: "number" as const }),
  fc.array(optionText, { minLength: 1, maxLength: 4 }).map((options) => ({
    kind: "choice" as const,
    options,
  })),
);

/** What a written piece reads back as: the cleaned name, type and default variableToken writes. */
function written(name: string, defaultValue: string | undefined, type: VariableType) {
  const [piece] = templatePieces(variableToken(name, defaultValue, type));
  return piece;
}

describe("the grammar, for any text", () => {
  it("literalText reads back as exactly the text, with no variables", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        expect(renderTemplate(literalText(text), {})).toBe(text);
        expect(templatePieces(literalText(text)).every((piece) => "text" in piece)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("variableToken writes any name, default and type as one variable that reads back cleaned but whole", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
        variableType,
        (name, defaultValue, type) => {
          const pieces = templatePieces(variableToken(name, defaultValue, type));
          expect(pieces).toHaveLength(1);
          const [piece] = pieces;
          expect(piece && "name" in piece).toBe(true);
          if (!piece || !("name" in piece)) return;
          expect(piece.name).toBe(piece.name.trim());
          expect(piece.name).not.toBe("");
          expect(piece.type.kind).toBe(
            type.kind === "choice" &&
              !type.options.some((o) => o.replace(/[{}|,()\r\n]+/g, " ").trim())
              ? "text"
              : type.kind,
          );
          if (defaultValue?.replace(/[{}]+/g, "")) {
            expect(piece.defaultValue).toBe(
              defaultValue.replace(/[{}]+/g, "").replace(/[\r\n]+/g, " "),
            );
          }
          // Writing what was read writes the same token again.
          expect(variableToken(piece.name, piece.defaultValue, piece.type)).toBe(
            variableToken(name, defaultValue, type),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("literal text, variables and snippets written in a row read back as themselves, in order", () => {
    type Part =
      | { kind: "text"; text: string }
      | { kind: "var"; name: string; defaultValue?: string; type: VariableType }
      | { kind: "snippet"; title: string };
    const part: fc.Arbitrary<Part> = fc.oneof(
      anyText.map((text) => ({ kind: "text" as const, text })),
      fc.record(
        {
          kind: fc.constant("var" as const),
          name: nameText,
          defaultValue: fc.option(anyText, { nil: undefined }),
          type: variableType,
        },
        { requiredKeys: ["kind", "name", "type"] },
      ),
      nameText.map((title) => ({ kind: "snippet" as const, title })),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 10 }), (generated) => {
        // Text next to text is one stretch. A stretch ending in \\ or \\{ right before a token would
        // make \\{{ of it, the escape: the one thing the grammar cannot write, so none is generated.
        const parts: Part[] = [];
        for (const p of generated) {
          const last = parts.at(-1);
          if (p.kind === "text" && last?.kind === "text") last.text += p.text;
          else parts.push(p.kind === "text" ? { ...p } : p);
        }
        parts.forEach((p, index) => {
          if (p.kind !== "text" || index === parts.length - 1) return;
          while (/\\\{?$/.test(p.text)) p.text = p.text.replace(/\\\{?$/, "");
        });
        const kept = parts.filter((p) => p.kind !== "text" || p.text !== "");
        const source = kept
          .map((p) =>
            p.kind === "var"
              ? variableToken(p.name, p.defaultValue, p.type)
              : p.kind === "snippet"
                ? (snippetToken(p.title) ?? "")
                : literalText(p.text),
          )
          .join("");
        const expected = kept.map((p): TemplatePiece | undefined =>
          p.kind === "var"
            ? written(p.name, p.defaultValue, p.type)
            : p.kind === "snippet"
              ? { snippet: p.title.trim() }
              : { text: p.text },
        );
        const merged: TemplatePiece[] = [];
        for (const piece of templatePieces(source)) {
          const last = merged.at(-1);
          if ("text" in piece && last && "text" in last) {
            merged[merged.length - 1] = { text: last.text + piece.text };
          } else merged.push(piece);
        }
        expect(merged).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
