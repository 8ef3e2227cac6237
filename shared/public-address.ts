/**
 * The public addresses of shared things: `/p/<short id>-<slug>` for a prompt and
 * `/c/<short id>-<slug>` for a collection. The short id is the first 64 bits of the row's uuid
 * in base 62, always 11 characters; the slug is the title's, for people and search engines, and
 * is not needed to find the row: an address with an old slug still finds it (and is redirected
 * to the current one). A uuid v4 has 60 random bits there, so two shared rows share a short id
 * with a chance of about 4 in 10 million at a million rows; the lowest uuid wins.
 */

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const shortIdLength = 11;
const slugLimit = 60;
/** The slug is not needed to find the row, so any slug is taken (and redirected when not current). */
const refPattern = /^([0-9A-Za-z]{11})(?:-([^/]*))?$/;

/**
 * The 11-character short id of a uuid. Its 64 bits are divided as two 32-bit halves in plain
 * numbers (every step stays below 2^53): a sitemap file makes 50,000 of them, and BigInt took
 * a quarter of its second.
 */
export function shortId(uuid: string): string {
  const hex = uuid.replaceAll("-", "");
  let high = Number.parseInt(hex.slice(0, 8), 16);
  let low = Number.parseInt(hex.slice(8, 16), 16);
  let out = "";
  for (let i = 0; i < shortIdLength; i++) {
    const highRest = high % 62;
    high = Math.floor(high / 62);
    const rest = highRest * 2 ** 32 + low;
    low = Math.floor(rest / 62);
    out = alphabet[rest % 62] + out;
  }
  return out;
}

/**
 * The range of uuids a short id stands for, as the lowest and highest uuid: a lookup by the
 * primary key's range, no column of its own. Undefined for anything that is not a short id.
 */
export function uuidRange(short: string): { from: string; to: string } | undefined {
  if (!/^[0-9A-Za-z]{11}$/.test(short)) return undefined;
  let value = 0n;
  for (const char of short) value = value * 62n + BigInt(alphabet.indexOf(char));
  if (value >= 1n << 64n) return undefined;
  const hex = value.toString(16).padStart(16, "0");
  const head = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}`;
  return { from: `${head}-0000-000000000000`, to: `${head}-ffff-ffffffffffff` };
}

/**
 * A title as a slug, the one rule for every name made from a title (a page's address, an MCP
 * prompt's name, an exported file's name): its letters and digits, of any script, in lower case
 * and joined by single hyphens, accents on Latin letters dropped ("Résumé" is "resume", "日本語"
 * stays), cut at a word boundary near 60 characters; "prompt" when nothing is left. An address
 * holds it percent-encoded (`pathSlug`).
 */
export function slugOf(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/(\p{Script=Latin})[\u0300-\u036f]+/gu, "$1")
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > slugLimit) {
      if (!slug) slug = [...word].slice(0, slugLimit).join("");
      break;
    }
    slug = next;
  }
  return slug || "prompt";
}

/** A title's slug as an address holds it: percent-encoded, so "日本語" is "%E6%97%A5…". */
function pathSlug(title: string) {
  return encodeURIComponent(slugOf(title));
}

/** A shared prompt's page. */
export function promptPath(prompt: { id: string; title: string }): string {
  return `/p/${shortId(prompt.id)}-${pathSlug(prompt.title)}`;
}

/** A collection's page. */
export function collectionPath(collection: { id: string; title: string }): string {
  return `/c/${shortId(collection.id)}-${pathSlug(collection.title)}`;
}

/**
 * The short id and slug of an address's last segment (`3kTMd8e2QbX-write-a-cover-letter`), or
 * undefined when it cannot be one.
 */
export function parseRef(ref: string): { short: string; slug: string | undefined } | undefined {
  const match = refPattern.exec(ref);
  if (!match?.[1] || !uuidRange(match[1])) return undefined;
  return { short: match[1], slug: match[2] };
}
