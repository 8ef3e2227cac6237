/**
 * The prompt form's linter: problems in a template's syntax, each with the stretch of text it is
 * about (UTF-16 offsets, as a text area counts) and a message saying what to do. Pure, so the
 * form runs it as the person types and tests run it on the 1,529 demo prompts, where braces
 * that are not ours (single `{x}`, `[x]`, JSON) are common and must never be reported.
 */
import { valueProblem } from "./template.ts";
import { titleKey } from "./template-snippets.ts";
import { eachPlacedPiece, type VariablePiece, type VariableType } from "./template-syntax.ts";

export type LintRule =
  | "unclosed"
  | "empty-variable"
  | "foreign-syntax"
  | "unknown-type"
  | "bad-default"
  | "conflicting-variable"
  | "missing-snippet"
  | "self-snippet"
  | "unmatched-section"
  | "empty-prompt";

export interface LintFinding {
  rule: LintRule;
  from: number;
  to: number;
  message: string;
}

export interface LintContext {
  /** The person's titles among those the text's snippets name (any case); unknown: not checked. */
  knownTitles?: ReadonlySet<string>;
  /** The title of the prompt being edited, so a snippet of itself is found. */
  ownTitle?: string;
}

/** The most findings reported: past that, more of the same help nobody. */
export const lintFindingLimit = 50;

const typeWords = ["number", "long", "choice", "yesno", "date", "multi"];
const typeLookalikes = new Set([
  "checkbox",
  "checkboxes",
  "bool",
  "boolean",
  "toggle",
  "datetime",
  "day",
  "multiselect",
  "multiple",
  "num",
  "int",
  "integer",
  "float",
  "text",
  "string",
  "str",
  "multiline",
  "textarea",
  "paragraph",
  "select",
  "options",
  "option",
  "enum",
  "list",
  "choices",
]);

export function lintPrompt(text: string, context: LintContext = {}): LintFinding[] {
  const findings = walkFindings(text, context);
  return findings.sort((a, b) => a.from - b.from).slice(0, lintFindingLimit);
}

/**
 * Every finding, except that of those found in the text's order only the first
 * `lintFindingLimit` are kept: a text of a million findings costs no more than reading it. The
 * sections never ended and an empty prompt, which may lie before them, come after the walk.
 */
function walkFindings(text: string, context: LintContext): LintFinding[] {
  const inOrder: LintFinding[] = [];
  const findings = {
    push(...found: LintFinding[]) {
      for (const one of found) if (inOrder.length < lintFindingLimit) inOrder.push(one);
    },
  };
  const seen = new Map<string, { defaultValue: string | undefined; type: VariableType }>();
  let variables = 0;
  let snippets = 0;
  let hasWords = false;
  const openSections: { from: number; to: number }[] = [];
  for (const { piece, from, to } of eachPlacedPiece(text)) {
    const source = text.slice(from, to);
    if ("section" in piece) {
      openSections.push({ from, to });
      continue;
    }
    if ("sectionEnd" in piece) {
      if (!openSections.pop()) {
        findings.push(
          finding(
            "unmatched-section",
            from,
            to,
            "This {{/if}} ends no section: add {{#if name}} where it starts, or remove it.",
          ),
        );
      }
      continue;
    }
    if ("text" in piece) {
      if (source !== "\\{{") {
        braceFindings(source, from, findings);
        hasWords ||= /[\p{L}\p{N}]/u.test(piece.text);
      }
      continue;
    }
    if ("snippet" in piece) {
      snippets += 1;
      findings.push(...snippetFindings(piece.snippet, from, to, context));
      continue;
    }
    variables += 1;
    const before = text.slice(Math.max(0, from - 1), from);
    const after = text.slice(to, to + 1);
    if (isForeignSyntax(piece.name, before, after)) {
      const shown = source.length > 60 ? `${source.slice(0, 59)}…` : source;
      findings.push({
        rule: "foreign-syntax",
        from,
        to,
        message: `${shown} looks like another tool's template code, not a variable. Write \\{{ to keep it as text, or name it plainly, as in {{topic}}.`,
      });
      continue;
    }
    findings.push(...typeFindings(piece, from, to));
    const earlier = seen.get(piece.name);
    if (!earlier) seen.set(piece.name, { defaultValue: piece.defaultValue, type: piece.type });
    else {
      findings.push(...conflictFindings(piece, earlier, from, to));
      earlier.defaultValue ||= piece.defaultValue;
      if (earlier.type.kind === "text") earlier.type = piece.type;
    }
  }
  const after: LintFinding[] = [];
  // Left open in the text's order: the first few are the ones that can be reported.
  for (const section of openSections.slice(0, lintFindingLimit)) {
    after.push(
      finding(
        "unmatched-section",
        section.from,
        section.to,
        "This section is never ended: add {{/if}} where it should stop.",
      ),
    );
  }
  if (variables > 0 && snippets === 0 && !hasWords) {
    after.push({
      rule: "empty-prompt",
      from: 0,
      to: text.length,
      message: "Without its variables this prompt is empty: add the words around them.",
    });
  }
  return [...inOrder, ...after];
}

/**
 * In text: a {{ that is never closed on its line, or one closed around nothing or around braces
 * (which makes it no variable).
 */
function braceFindings(
  source: string,
  offset: number,
  findings: { push(...found: LintFinding[]): void },
) {
  // Where each {{ closes, and where its line ends, are found walking forward once, and a name is
  // read only up to its first letter: a text of many {{ or many }} stays quick.
  let close = -1;
  let lineEnd = -1;
  for (let open = source.indexOf("{{"); open !== -1; open = source.indexOf("{{", open + 2)) {
    const start = open + 2;
    if (close !== Number.POSITIVE_INFINITY && close < start) {
      const found = source.indexOf("}}", start);
      close = found === -1 ? Number.POSITIVE_INFINITY : found;
    }
    if (lineEnd < start) {
      const found = source.indexOf("\n", start);
      lineEnd = found === -1 ? source.length : found;
    }
    const at = offset + open;
    if (close > lineEnd) {
      findings.push({
        rule: "unclosed",
        from: at,
        to: at + 2,
        message:
          "This {{ is never closed with }} on its line. Close it, or write \\{{ to keep it as text.",
      });
    } else if (hasNoName(source, start, close)) {
      findings.push({
        rule: "empty-variable",
        from: at,
        to: offset + close + 2,
        message: "This {{ }} has no name, so it is not a variable. Name it, as in {{topic}}.",
      });
    }
  }
}

/** Whether what stands between {{ and }} (up to a |) is only spaces and > marks. */
function hasNoName(source: string, start: number, close: number) {
  for (let at = start; at < close; at++) {
    const char = source[at] ?? "";
    if (char === "|") return true;
    if (char !== ">" && !/\s/.test(char)) return false;
  }
  return true;
}

/** Another tool's template code ({{#each}}, {{ $json[…] }}, ${{ … }}, {{{raw}}}), which we would ask for as a variable. */
function isForeignSyntax(name: string, before: string, after: string) {
  return (
    before === "$" ||
    before === "{" ||
    before === "=" ||
    after === "}" ||
    /^[^\p{L}\p{N}_]/u.test(name) ||
    /[$[\]=<>"`;\\@#]/.test(name)
  );
}

/** A type we do not know (often a typo), a choice with no options, or a default its type refuses. */
function typeFindings(piece: VariablePiece, from: number, to: number): LintFinding[] {
  if (piece.type.kind === "text") {
    const suffix = /:\s*([A-Za-z]+)\s*(?:(\([^()]*\))\s*)?$/.exec(piece.name);
    const word = suffix?.[1]?.toLowerCase();
    if (!word) return [];
    const near = typeWords.find((type) => editDistance(word, type) <= (type.length > 4 ? 2 : 1));
    if (word === "choice" || word === "multi") {
      return [
        finding(
          "unknown-type",
          from,
          to,
          `A ${word} needs options, as in {{tone:${word}(friendly,formal)}}.`,
        ),
      ];
    }
    if (near || typeLookalikes.has(word)) {
      return [
        finding(
          "unknown-type",
          from,
          to,
          `“${suffix?.[1]}” is not a type${near ? `: did you mean ${near}?` : "."} The types are number, long, choice(…), yesno, date and multi(…).`,
        ),
      ];
    }
    return [];
  }
  const value = piece.defaultValue;
  if (value === undefined || value === "") return [];
  const problem = valueProblem(piece, piece.type.kind === "number" ? value : value.trim());
  if (!problem) return [];
  const why =
    piece.type.kind === "choice"
      ? `is not one of the options (${piece.type.options.join(", ")})`
      : piece.type.kind === "multi"
        ? `is not among the options (${piece.type.options.join(", ")})`
        : piece.type.kind === "number"
          ? "is not a number"
          : piece.type.kind === "date"
            ? "is not a date written as 2026-11-23"
            : "is not yes or no";
  return [finding("bad-default", from, to, `The default “${value}” ${why}.`)];
}

function conflictFindings(
  piece: VariablePiece,
  earlier: { defaultValue: string | undefined; type: VariableType },
  from: number,
  to: number,
): LintFinding[] {
  if (piece.defaultValue && earlier.defaultValue && piece.defaultValue !== earlier.defaultValue) {
    return [
      finding(
        "conflicting-variable",
        from,
        to,
        `“${piece.name}” has two defaults, “${earlier.defaultValue}” and “${piece.defaultValue}”; the first is used.`,
      ),
    ];
  }
  const typeOf = (type: VariableType) =>
    type.kind === "choice" || type.kind === "multi"
      ? `${type.kind}(${type.options.join(",")})`
      : type.kind;
  if (
    piece.type.kind !== "text" &&
    earlier.type.kind !== "text" &&
    typeOf(piece.type) !== typeOf(earlier.type)
  ) {
    return [
      finding(
        "conflicting-variable",
        from,
        to,
        `“${piece.name}” has two types, ${typeOf(earlier.type)} and ${typeOf(piece.type)}; the first is used.`,
      ),
    ];
  }
  return [];
}

function snippetFindings(title: string, from: number, to: number, context: LintContext) {
  if (context.ownTitle && titleKey(context.ownTitle) === titleKey(title)) {
    return [
      finding(
        "self-snippet",
        from,
        to,
        `This prompt is titled “${title}”: it cannot include itself.`,
      ),
    ];
  }
  if (context.knownTitles && !context.knownTitles.has(titleKey(title))) {
    return [finding("missing-snippet", from, to, `No prompt of yours is titled “${title}”.`)];
  }
  return [];
}

function finding(rule: LintRule, from: number, to: number, message: string): LintFinding {
  return { rule, from, to, message };
}

/** Levenshtein distance, for short words only. */
function editDistance(a: string, b: string) {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * About how many tokens a model reads for the text: the mean of two common rules of thumb for
 * English with GPT-style tokenizers, four characters a token and three words per four tokens.
 * Code, other scripts and unusual words come out higher in a real tokenizer.
 */
export function approximateTokens(text: string) {
  if (!text.trim()) return 0;
  const words = text.trim().split(/\s+/).length;
  return Math.max(1, Math.round((text.length / 4 + (words * 4) / 3) / 2));
}
