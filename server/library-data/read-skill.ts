import { descriptionMaxLength } from "../../shared/prompt.ts";
import { descriptionSchema } from "../prompts/prompt-input.ts";
import { listField, splitFrontMatter, textField } from "./front-matter.ts";
import { fail } from "./import-rules.ts";

/*
 * Agent Skills (agentskills.io/specification), as Claude, OpenAI Codex, Open WebUI and LibreChat
 * keep them: a folder named as the skill, holding `SKILL.md` (YAML front matter with `name`,
 * `description`, and optionally `license`, `compatibility`, `allowed-tools` and `metadata`, a
 * mapping of text to text; then the instructions in Markdown) and any other files the skill uses
 * (scripts/, references/, assets/…). A skill is one prompt: its instructions are the text, as
 * they stand (a skill has no variables of its own; our own `{{…}}`, which our export writes, stay
 * ours). Its other files are not prompts: the zip reader leaves them out and counts them.
 */

/** A skill's instructions file: `SKILL.md` (the extension in any case), alone or in a folder. */
export function isSkillFile(path: string) {
  return /(?:^|[/\\])SKILL\.[Mm][Dd]$/.test(path);
}

export interface SkillPrompt {
  title: string;
  /** What it does and when to use it, cut to the longest description a prompt may have. */
  description: string | null;
  text: string;
  tags: string[];
}

/**
 * One skill's `SKILL.md` read as a prompt (`folderName`: the skill's folder, "" when unknown):
 * - title: `metadata.title` (which our export writes), else the `name` made readable
 *   (`code-reviewer` is "Code reviewer"), else the folder's name so;
 * - description: `description`, cut at a word (with "…") when over 500 characters, not refused;
 * - tags: `metadata.tags`, comma-separated (or a YAML list);
 * - text: the body, less the blank line after the front matter and the last line break.
 * A file with no instructions, or front matter that cannot be read, is refused, naming it.
 * `name` and `description` are not required: a skill another tool would refuse is still text
 * worth keeping, and the person can fill them in here.
 */
export function skillFromFile(path: string, text: string, folderName: string): SkillPrompt {
  const normalised = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const { fields, maps, body } = splitFrontMatter(normalised, path);
  const metadata = maps.get("metadata");
  const promptText = body.replace(/^\n/, "").replace(/\n$/, "");
  if (promptText.trim() === "") {
    fail(path, "the skill has no instructions after its front matter");
  }
  const title =
    textField(metadata?.get("title")).trim() ||
    readable(textField(fields.get("name"))) ||
    readable(folderName);
  const description = descriptionSchema.safeParse(
    cutAtWord(textField(fields.get("description")).trim(), descriptionMaxLength),
  );
  if (!description.success) {
    fail(path, `the description ${description.error.issues[0]?.message}`);
  }
  return {
    title,
    description: description.data,
    text: promptText,
    tags: listField(metadata?.get("tags")),
  };
}

/** A skill's name as a title: `code-reviewer` is "Code reviewer". */
export function readable(name: string) {
  const words = name.replaceAll("-", " ").replace(/\s+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Text of at most `limit` characters: cut at the last space before it, with "…" at the end. */
export function cutAtWord(text: string, limit: number) {
  if (text.length <= limit) return text;
  const room = text.slice(0, limit); // one character left for the "…"
  const space = room.lastIndexOf(" ", limit - 1);
  // A word as long as half the limit is cut where it stands.
  const cut = space > limit / 2 ? room.slice(0, space) : room.slice(0, limit - 1);
  // Not half a character: a surrogate pair cut in two is not storable text.
  return `${cut.replace(/[\uD800-\uDBFF]$/, "").trimEnd()}…`;
}
