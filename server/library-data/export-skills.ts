import { Zip, ZipDeflate } from "fflate";
import { stringify } from "yaml";
import { slugOf } from "../../shared/public-address.ts";
import { zipTime } from "./export-prompt-files.ts";
import type { ExportedPrompt } from "./library-rows.ts";

/*
 * The library as Agent Skills (agentskills.io/specification), the folders Claude, OpenAI Codex,
 * Open WebUI and LibreChat read: one folder per prompt, named as the skill, holding `SKILL.md`.
 * Its YAML front matter has `name` (the folder's name), `description` (what it does and when to
 * use it) and `metadata`, text to text: the prompt's PromptShelf title and its tags, which a
 * skill has no field for, so an import can restore them. The body is the prompt's text as it
 * stands. Skills are flat, so folders are not kept, and a skill has no form, so `{{name}}`
 * variables stay as written; README.md at the root says so.
 */

/** A skill's `name`: 1 to 64 of a-z, 0-9 and single hyphens, not at either end. */
export const skillNameLimit = 64;
export const skillDescriptionLimit = 1024;

export const skillsReadme = `# PromptShelf prompts as Agent Skills

One folder per prompt, each holding a SKILL.md (agentskills.io): its front matter names the
skill and says what it is for; the rest is the prompt's text, exactly as written.

Kept: each prompt's text, its description (else its use case, else its title), and its
PromptShelf title and tags, under \`metadata\`.

Not kept: folders (skills are flat), versions, stars and dates. Template variables stay as
written, \`{{name}}\`: a skill has no form to fill them in, so the agent reads them as they are.
`;

export async function* skillChunks(
  prompts: AsyncIterable<ExportedPrompt>,
): AsyncGenerator<Uint8Array> {
  const taken = new Set<string>();
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const encoder = new TextEncoder();
  const add = (path: string, text: string, time: Date) => {
    const file = new ZipDeflate(path, { level: 6 });
    file.mtime = time;
    zip.add(file);
    file.push(encoder.encode(text), true);
    if (failure) throw failure;
  };
  add("README.md", skillsReadme, zipTime(new Date().toISOString()));
  yield* ready.splice(0);
  for await (const prompt of prompts) {
    const name = uniqueName(taken, skillName(prompt.title));
    add(`${name}/SKILL.md`, skillFile(prompt, name), zipTime(prompt.updatedAt));
    yield* ready.splice(0);
  }
  zip.end();
  yield* ready.splice(0);
}

/** One prompt as a skill's `SKILL.md`, named `name`. */
export function skillFile(
  prompt: Pick<ExportedPrompt, "title" | "promptText" | "tags" | "category" | "description">,
  name: string,
) {
  const metadata: Record<string, string> = { title: prompt.title };
  if (prompt.tags.length) metadata.tags = prompt.tags.join(", ");
  const frontMatter = stringify(
    { name, description: skillDescription(prompt), metadata },
    // No folding of long lines: one line a field, for the simplest of readers.
    { lineWidth: 0 },
  );
  // A blank line after the front matter and a line break at the end, which the import takes off.
  return `---\n${frontMatter}---\n\n${prompt.promptText}\n`;
}

/**
 * A title as a skill's name: the title's slug (slugOf, the one rule for names made from a
 * title, which cuts at a word near 60 characters) less anything but a-z and 0-9, so a word in
 * another script drops out; "prompt" when nothing is left.
 */
export function skillName(title: string) {
  const name = slugOf(title)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cutName(name, skillNameLimit) || "prompt";
}

/** `name`, or `name-2`, `name-3`… when the archive has it, always within 64 characters. */
function uniqueName(taken: Set<string>, name: string) {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${cutName(name, skillNameLimit - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
}

/** A name of at most `limit` characters, cut at a hyphen where it has one, never ending in one. */
function cutName(name: string, limit: number) {
  if (name.length <= limit) return name;
  const hyphen = name.lastIndexOf("-", limit);
  return (hyphen > 0 ? name.slice(0, hyphen) : name.slice(0, limit)).replace(/-+$/, "");
}

/**
 * What the skill does: the prompt's description, else its use case, else its title, on one line
 * and cut at a word to at most 1,024 characters (code points, not half of one).
 */
export function skillDescription(
  prompt: Pick<ExportedPrompt, "title" | "category" | "description">,
) {
  const line = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
  const text =
    [prompt.description, prompt.category, prompt.title].map(line).find(Boolean) || "A prompt";
  const characters = [...text];
  if (characters.length <= skillDescriptionLimit) return text;
  const room = characters.slice(0, skillDescriptionLimit + 1).join("");
  const space = room.lastIndexOf(" ");
  return space > 0
    ? room.slice(0, space).trimEnd()
    : characters.slice(0, skillDescriptionLimit).join("");
}
