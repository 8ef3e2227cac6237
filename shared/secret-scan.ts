import { type SecretRule, secretRules } from "./secret-rules.ts";

/** One secret or piece of personal data found in a text, as the privacy dialog shows it. */
export interface SecretFinding {
  rule: string;
  label: string;
  /** Where it is in the text, in UTF-16 units: text.slice(start, end) is what was found. */
  start: number;
  end: number;
  /** What was found with its middle hidden, safe to send back and to log. */
  excerpt: string;
}

/**
 * Every field whose text anyone may read once it is public, in the order a scan reports them:
 * a shared prompt's text, use case (its title and category) and an edit's note (kept with the
 * version, shown in its history and on its public page); a public collection's title,
 * description and each item's note; a public profile's display name and handle.
 */
export const publicFields = [
  "promptText",
  "useCase",
  "note",
  "title",
  "description",
  "displayName",
  "handle",
] as const;
export type PublicField = (typeof publicFields)[number];

/**
 * A finding in what is about to be made public: in which field, and for an import or a
 * collection, in which of its entries ("Line 4", "Prompt 3, version 2").
 */
export interface SharedFinding extends SecretFinding {
  field: PublicField;
  entry?: string;
}

/** What would be made public: any of the public fields, and which entry it is, if any. */
export type SharedContent = { [field in PublicField]?: string | null | undefined } & {
  entry?: string;
};

/** The findings in what would be made public, field by field in the order of publicFields. */
export function scanShared(content: SharedContent): SharedFinding[] {
  const where = content.entry === undefined ? {} : { entry: content.entry };
  return publicFields.flatMap((field) =>
    scanText(content[field] ?? "").map((finding) => ({ ...finding, field, ...where })),
  );
}

/**
 * Every secret and piece of personal data in a text, in order of where each starts; where two
 * rules find overlapping text, the one starting first (then the longer) is kept. The browser
 * runs it before sharing, and the server again (server/prompts/privacy-check.ts).
 */
export function scanText(text: string): SecretFinding[] {
  const lower = text.toLowerCase();
  const found: SecretFinding[] = [];
  for (const rule of secretRules) {
    if (rule.keywords && !rule.keywords.some((keyword) => lower.includes(keyword))) continue;
    found.push(...findingsOf(rule, text));
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: SecretFinding[] = [];
  for (const finding of found) {
    const last = kept.at(-1);
    if (!last || finding.start >= last.end) kept.push(finding);
  }
  return kept;
}

/** The text with every finding replaced by a marker saying it was removed. */
export function withoutFindings(text: string, findings: SecretFinding[]) {
  let out = "";
  let at = 0;
  for (const finding of findings) {
    out += `${text.slice(at, finding.start)}${removedMarker}`;
    at = finding.end;
  }
  return out + text.slice(at);
}

export const removedMarker = "[REDACTED]";

function findingsOf(rule: SecretRule, text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const extend = rule.extendIn?.(text);
  for (const match of text.matchAll(rule.pattern)) {
    const value = match[1] ?? match[0];
    const start = (match.index ?? 0) + (match[1] === undefined ? 0 : match[0].indexOf(value));
    if (rule.entropy !== undefined && entropy(value) < rule.entropy) continue;
    if (rule.allow?.(value)) continue;
    const end = extend ? extend(start + value.length) : start + value.length;
    if (end === null) continue;
    findings.push({
      rule: rule.id,
      label: rule.label,
      start,
      end,
      // A key block is shown by its header alone, which is no secret.
      excerpt: extend ? `${value} …` : masked(value),
    });
  }
  return findings;
}

/** Shannon entropy in bits per character, as gitleaks measures a secret's randomness. */
function entropy(value: string) {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** The first few and last two characters, the rest hidden: enough to recognise, not to use. */
function masked(value: string) {
  if (value.length <= 6) return `${value.slice(0, 1)}•••`;
  const shown = Math.min(6, Math.floor(value.length / 4));
  return `${value.slice(0, shown)}•••${value.slice(-2)}`;
}
