/**
 * A card's preview: a prompt's text as a person reads it at a glance, without the Markdown
 * markers many prompts are written in (`#`, `- `, `**`), cut at a word. The whole prompt (Show
 * more) keeps its lines and markers.
 */

const blockMarkers = [
  /^#{1,6}\s+/, // heading
  /^>\s?/, // quote
  /^[-*+]\s+\[[ xX]\]\s+/, // task
  /^[-*+]\s+/, // bullet
  /^\d{1,3}[.)]\s+/, // numbered item
];
const rule = /^([-*_])(\s*\1){2,}$/;
const fence = /^(```|~~~)/;

/** One line without its block marker and inline emphasis, code and link syntax. */
function cleanLine(line: string) {
  let text = line.trim();
  for (const marker of blockMarkers) text = text.replace(marker, "");
  return text
    .replace(/!?\[([^[\]]*)\]\([^)\s[\]]*\)/g, "$1")
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/\*(?=\S)([^*]+?)(?<=\S)\*/g, "$1")
    .replace(/`([^`]+)`/g, "$1");
}

/**
 * How much of a text a preview reads: every caller shows far less, and emphasis is read by
 * patterns that cost more than the length on crafted text.
 */
const previewSourceLimit = 2_000;

/** The text as one run of plain words: markers gone, lines and blank lines joined by spaces. */
export function plainText(markdown: string) {
  const words: string[] = [];
  // A block of metadata ("front matter") opening the text is not what a reader looks for.
  const body = markdown
    .slice(0, previewSourceLimit)
    .replace(/^\s*---\r?\n(?:.*\r?\n)*?---\r?\n/, "");
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || fence.test(trimmed) || rule.test(trimmed)) continue;
    const heading = /^#{1,6}\s/.test(trimmed);
    const clean = cleanLine(trimmed);
    if (!clean) continue;
    // A heading runs into what follows it; a dash keeps the two apart.
    words.push(heading && !/[.:!?]$/.test(clean) ? `${clean} —` : clean);
  }
  return words.join(" ").replace(/\s+/g, " ").replace(/ —$/, "");
}

/**
 * The text cut to at most `max` characters, at the end of a word, with an ellipsis when cut.
 * Counts characters (code points), so an emoji is never split.
 */
export function cutAtWord(text: string, max: number) {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const start = characters.slice(0, max + 1).join("");
  const lastSpace = start.search(/\s\S*$/);
  // A single word longer than most of the preview is cut where it must be.
  const cut = lastSpace > max * 0.5 ? start.slice(0, lastSpace) : characters.slice(0, max).join("");
  return `${cut.replace(/[\s,;:.—-]+$/, "")}…`;
}

/**
 * What a card shows of a prompt: the start of its plain text, or, when a search term lies past
 * that start, the plain text around the first match (from the list's `matchExcerpt` or the
 * excerpt the card already holds).
 */
export function previewOf(
  prompt: { promptText: string; matchExcerpt?: string },
  term: string,
  max: number,
) {
  const plain = plainText(prompt.promptText);
  const start = cutAtWord(plain, max);
  const needle = term.trim().toLowerCase();
  if (!needle || start.toLowerCase().includes(needle)) return start;
  // The plain text, else the words as written: a term only Markdown's markers hold (a code
  // fence's language, "```python") is still shown where it is (issue 42: Socratic Lens).
  const excerpt = prompt.matchExcerpt;
  const sources = excerpt ? [plainText(excerpt), excerpt.replace(/\s+/g, " ")] : [plain];
  const source = sources.find((text) => text.toLowerCase().includes(needle));
  if (source === undefined) return start;
  const at = source.toLowerCase().indexOf(needle);
  // Some words before the match for context, starting at a word.
  const from = Math.max(0, at - Math.floor(max / 3));
  const wordStart = from === 0 ? 0 : source.indexOf(" ", from) + 1;
  const begin = wordStart > 0 && wordStart <= at ? wordStart : from;
  const around = cutAtWord(source.slice(begin), max);
  return begin > 0 && !around.startsWith("…") ? `…${around}` : around;
}
