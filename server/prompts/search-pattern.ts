import { commonTrigrams } from "./common-trigrams.ts";

/** An ILIKE pattern matching the term anywhere, with the term's own % _ and \ taken literally. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Printable ASCII only: compared under the "C" collation, such a term folds as it would anyway. */
export function isPlainAscii(term: string) {
  return /^[ -~]*$/.test(term);
}

/** The runs of letters and digits in a text, lower-cased: what the trigram index splits it into. */
export function wordsOf(text: string) {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The trigrams inside a word, as the trigram index looks them up for a pattern like %word%. */
export function trigramsOf(word: string) {
  const trigrams: string[] = [];
  for (let start = 0; start + 3 <= word.length; start++)
    trigrams.push(word.slice(start, start + 3));
  return trigrams;
}

/**
 * How the trigram indexes are asked for the rows that may hold a term. They are built under the
 * "C" collation, which folds ASCII letters alone, so a lookup is either ILIKE on a part of the
 * term free of other letters with a case, or, when it has none, a case-blind regular expression
 * spelling each such letter as the class of its cases. `exact` when the lookup finds exactly the
 * rows holding the term, so they need no test of their own.
 */
export type TrigramLookup = { operator: "ilike" | "~*"; pattern: string; exact: boolean };

export function trigramLookup(term: string): TrigramLookup {
  const stretch = rareStretch(term);
  if (stretch) return { operator: "ilike", pattern: containsPattern(stretch), exact: false };
  if ([...term].every(foldsAlikeInC)) {
    return { operator: "ilike", pattern: containsPattern(term), exact: isPlainAscii(term) };
  }
  return { operator: "~*", pattern: [...term].map(caseBlind).join(""), exact: false };
}

/**
 * The part of a search term worth looking up in the trigram index: the longest stretch of one
 * of its words whose trigrams are all uncommon, and whose letters fold alike under "C". The index
 * reads a whole list of rows for each trigram it is asked for, and a common one ("the", "her" in
 * "Ethereum") lists most prompts, while "reum" lists a few hundred. Null when the term is such a
 * stretch already, or has none. Every row holding the term holds this part, so it narrows the
 * search without losing a match.
 */
export function rareStretch(term: string): string | null {
  let best = "";
  for (const run of foldableRunsOf(term)) {
    let runStart = 0;
    trigramsOf(run).forEach((trigram, start) => {
      if (commonTrigrams.has(trigram)) {
        runStart = start + 1;
        return;
      }
      if (start + 3 - runStart > best.length) best = run.slice(runStart, start + 3);
    });
  }
  return best && best !== term.toLowerCase() ? best : null;
}

/** The term's words, cut at every letter that folds differently under "C", lower-cased. */
function foldableRunsOf(term: string) {
  return (term.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((word) =>
    [...word]
      .map((char) => (foldsAlikeInC(char) ? char : " "))
      .join("")
      .toLowerCase()
      .split(" ")
      .filter(Boolean),
  );
}

/**
 * Whether ILIKE under "C" treats the character as full case folding does: an ASCII one, or one
 * without case. (Two letters outside ASCII fold into it, the Kelvin sign and the dotted capital
 * I; a text spelling a word with those is not found by its ASCII spelling.)
 */
function foldsAlikeInC(char: string) {
  return char <= "\x7f" || (char.toLowerCase() === char && char.toUpperCase() === char);
}

/** One character of a case-blind regular expression under "C", which folds ASCII letters itself. */
function caseBlind(char: string) {
  if (foldsAlikeInC(char)) return /[A-Za-z0-9]/.test(char) || char > "\x7f" ? char : `\\${char}`;
  const lower = char.toLowerCase();
  const upper = char.toUpperCase();
  const cases = new Set([char, lower, upper, lower.toUpperCase(), upper.toLowerCase()]);
  return `[${[...cases].filter((each) => [...each].length === 1).join("")}]`;
}
