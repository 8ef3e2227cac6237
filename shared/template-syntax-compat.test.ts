import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { placedPieces, type TemplatePiece } from "./template-syntax.ts";

/*
 * The grammar as it was before required marks, yes/no, dates, several-of and sections: its
 * reader, kept here word for word as the measure of "existing prompts read exactly as before".
 */
const oldToken = /\\\{\{|\{\{([^{}\n]*?)\}\}/g;
const oldTypeSuffix = /^(.*?):\s*(number|long|choice\(([^()]*)\))\s*$/;
type OldType =
  | { kind: "text" }
  | { kind: "long" }
  | { kind: "number" }
  | { kind: "choice"; options: string[] };
type OldPiece =
  | { text: string }
  | { name: string; defaultValue: string | undefined; type: OldType }
  | { snippet: string };

function oldPlacedPieces(template: string) {
  const out: { piece: OldPiece; from: number; to: number }[] = [];
  let last = 0;
  for (const match of template.matchAll(oldToken)) {
    const end = match.index + match[0].length;
    if (match.index > last) {
      out.push({ piece: { text: template.slice(last, match.index) }, from: last, to: match.index });
    }
    const piece =
      match[0] === "\\{{" ? { text: "{{" } : (oldReadToken(match[1] ?? "") ?? { text: match[0] });
    out.push({ piece, from: match.index, to: end });
    last = end;
  }
  if (last < template.length) {
    out.push({ piece: { text: template.slice(last) }, from: last, to: template.length });
  }
  return out;
}

function oldReadToken(body: string): OldPiece | null {
  const snippet = /^\s*>(.*)$/.exec(body);
  if (snippet) {
    const title = (snippet[1] ?? "").trim();
    return title ? { snippet: title } : null;
  }
  const bar = body.indexOf("|");
  const head = bar === -1 ? body : body.slice(0, bar);
  const defaultValue = bar === -1 ? undefined : body.slice(bar + 1);
  const typed = oldTypedHead(head);
  const name = (typed?.name ?? head).trim();
  if (!name) return null;
  return { name, defaultValue, type: typed?.type ?? { kind: "text" } };
}

function oldTypedHead(head: string): { name: string; type: OldType } | null {
  const match = oldTypeSuffix.exec(head);
  if (!match?.[1]?.trim()) return null;
  if (match[2] === "number") return { name: match[1], type: { kind: "number" } };
  if (match[2] === "long") return { name: match[1], type: { kind: "long" } };
  const options = (match[3] ?? "")
    .split(",")
    .map((option) => option.trim())
    .filter(Boolean);
  return options.length ? { name: match[1], type: { kind: "choice", options } } : null;
}

/**
 * Whether a piece's source is written in what the grammar added: a head ending in the required
 * mark, one of the new types after a colon, or a section's start or end. Only such a piece may
 * read otherwise than before.
 */
function usesNewSyntax(source: string) {
  const body = source.slice(2, -2);
  const head = body.split("|")[0] ?? "";
  return (
    /!\s*$/.test(head) ||
    /:\s*(yesno|date|multi\([^()]*\))\s*!?\s*$/.test(head) ||
    /^\s*#if\s/.test(body) ||
    /^\s*\/if\s*$/.test(body)
  );
}

/** Where the two readings part, as [source, old piece, new piece]. */
function differences(text: string) {
  const before = oldPlacedPieces(text);
  const now = placedPieces(text);
  expect(now.map(({ from, to }) => [from, to])).toEqual(before.map(({ from, to }) => [from, to]));
  return now.flatMap((placed, index): [string, OldPiece | undefined, TemplatePiece][] => {
    const old = before[index]?.piece;
    return JSON.stringify(old) === JSON.stringify(placed.piece)
      ? []
      : [[text.slice(placed.from, placed.to), old, placed.piece]];
  });
}

describe("prompts written before the richer grammar", () => {
  it("read exactly as before, but for pieces spelt in what the grammar added", () => {
    const unit = fc.constantFrom(
      ..."ab Z,.:|>()!#/\n\\{}".split(""),
      "{{",
      "}}",
      "#if ",
      "/if",
      ":number",
      ":long",
      ":choice(a,b)",
      ":yesno",
      ":date",
      ":multi(a,b)",
      "!",
      "|",
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const text = units.join("");
        for (const [source] of differences(text)) expect(usesNewSyntax(source), source).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it("read as before in every demo prompt but one, whose Handlebars {{#if}} are sections now", () => {
    const rows = parse(readFileSync(new URL("../seed/prompts.csv", import.meta.url), "utf8"), {
      columns: true,
    }) as { act: string; prompt: string }[];
    const changed = rows.filter((row) => differences(row.prompt).length > 0);
    expect(changed.map((row) => row.act)).toEqual(["GitHubTrends"]);
    expect(differences(changed[0]?.prompt ?? "").map(([source]) => source)).toEqual([
      "{{#if starsThisPeriod}}",
      "{{/if}}",
      "{{#if news}}",
      "{{#if points}}",
      "{{/if}}",
      "{{#if comments}}",
      "{{/if}}",
      "{{/if}}",
    ]);
  });
});
