/** An ILIKE pattern matching the term anywhere, with the term's own % _ and \ taken literally. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
