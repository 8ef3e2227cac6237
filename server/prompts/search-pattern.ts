import { commonTrigrams } from "./common-trigrams.ts";

/** An ILIKE pattern matching the term anywhere, with the term's own % _ and \ taken literally. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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
 * The part of a search term worth looking up in the trigram index: the longest stretch of one
 * of its words whose trigrams are all uncommon. The index reads a whole list of rows for each
 * trigram it is asked for, and a common one ("the", "her" in "Ethereum") lists most prompts,
 * while "reum" lists a few hundred. Null when the term is such a stretch already, or has none.
 * Every row holding the term holds this part, so it narrows the search without losing a match.
 */
export function rareStretch(term: string): string | null {
  let best = "";
  for (const word of wordsOf(term)) {
    let runStart = 0;
    trigramsOf(word).forEach((trigram, start) => {
      if (commonTrigrams.has(trigram)) {
        runStart = start + 1;
        return;
      }
      if (start + 3 - runStart > best.length) best = word.slice(runStart, start + 3);
    });
  }
  return best && best !== term.toLowerCase() ? best : null;
}
