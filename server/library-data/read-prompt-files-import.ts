import type { Pace } from "../pacing.ts";
import {
  fail,
  failTooMany,
  type ImportLimits,
  importedPrompt,
  type ParsedImport,
} from "./import-rules.ts";
import { type PromptFileTool, promptFromFile } from "./read-prompt-file.ts";
import { isSkillFile, skillFromFile } from "./read-skill.ts";
import { unpack, type ZipEntry, zipEntries } from "./zip-entries.ts";

/** The most a zip may unpack to when no other limit is given: the default IMPORT_LIMIT. */
export const zipUnpackedBytes = 26_214_400;

const formatOf: Record<PromptFileTool, ParsedImport["format"]> = {
  copilot: "Copilot prompt files",
  claude: "Claude Code commands",
};
const withSkills: Record<PromptFileTool, ParsedImport["format"]> = {
  copilot: "Agent Skills and Copilot prompt files",
  claude: "Agent Skills and Claude Code commands",
};

/** Folders the tools keep prompts in; what is inside them is the library's folders. */
const toolFolders = [
  [".github", "prompts"],
  [".claude", "commands"],
];

/**
 * A zip of prompt files, Agent Skills, or both.
 *
 * Skills: every `SKILL.md` in a folder is a skill (read-skill.ts), that folder its own; the other
 * files in it (scripts/, references/, assets/…, a skill nested in it too) are not prompts, and
 * are left out and counted, as is a `README.md` beside them. A `SKILL.md` at the zip's top makes
 * the whole zip one skill.
 *
 * The other files: when the zip holds any `.prompt.md` file it is Copilot's (and only those are
 * read); otherwise every `.md` file is a Claude Code command. The folders a file sits in (below
 * `.github/prompts/` or `.claude/commands/` where the zip has them) become its folders.
 */
export async function readPromptFilesZip(
  bytes: Uint8Array,
  limits: ImportLimits,
  pace: Pace,
): Promise<ParsedImport> {
  const entries = zipEntries(bytes, {
    entries: limits.promptsPerImport,
    unpackedBytes: limits.unzippedBytes ?? zipUnpackedBytes,
    // Room for the tool's own two folders above the library's.
    depth: limits.folderDepth + 2,
  })
    .filter((entry) => !isClutter(entry.path))
    .map((entry) => ({ ...entry, path: entry.path.replaceAll("\\", "/") }));
  const skillFolders = new Set(
    entries.filter((entry) => isSkillFile(entry.path)).map((entry) => folderOf(entry.path)),
  );
  const skills = new Set<ZipEntry>();
  const others: ZipEntry[] = [];
  let skillFilesLeftOut = 0;
  for (const entry of entries) {
    const skill = skillFolderOf(entry.path, skillFolders);
    if (skill === undefined) {
      // Beside skills, a README says what the zip is (ours does); it is no prompt.
      if (skillFolders.size > 0 && isReadme(entry.path)) skillFilesLeftOut++;
      else others.push(entry);
    } else if (skill === folderOf(entry.path) && isSkillFile(entry.path)) skills.add(entry);
    else skillFilesLeftOut++;
  }
  const tool: PromptFileTool = others.some((entry) => /\.prompt\.md$/i.test(entry.path))
    ? "copilot"
    : "claude";
  const files = new Set(
    others.filter((entry) =>
      tool === "copilot" ? /\.prompt\.md$/i.test(entry.path) : /\.md$/i.test(entry.path),
    ),
  );
  if (skills.size + files.size === 0) {
    fail("The zip", "it holds no SKILL.md, .prompt.md or .md files");
  }
  const decoder = new TextDecoder();
  const prompts: ParsedImport["prompts"] = [];
  const now = new Date();
  // In the zip's order, skills and prompt files alike.
  for (const entry of entries) {
    const skill = skills.has(entry);
    if (!skill && !files.has(entry)) continue;
    if (prompts.length === limits.promptsPerImport) failTooMany("prompts", limits.promptsPerImport);
    const text = decoder.decode(unpack(bytes, entry));
    const index = prompts.length;
    prompts.push(
      skill
        ? skillAsPrompt(entry.path, text, index, limits, now)
        : fileAsPrompt(entry.path, text, tool, folderPathOf(entry.path), index, limits, now),
    );
    await pace();
  }
  const format =
    skills.size === 0 ? formatOf[tool] : files.size > 0 ? withSkills[tool] : "Agent Skills";
  return { format, prompts, starredIds: [], skillFilesLeftOut };
}

const isReadme = (path: string) => /(^|\/)readme\.md$/i.test(path);

/**
 * One Markdown prompt file on its own: `SKILL.md` is an Agent Skill's, `.prompt.md` Copilot's, any
 * other `.md` Claude Code's.
 */
export function readPromptFile(name: string, text: string, limits: ImportLimits): ParsedImport {
  if (isSkillFile(name)) {
    return {
      format: "Agent Skills",
      prompts: [skillAsPrompt(name, text, 0, limits, new Date())],
      starredIds: [],
    };
  }
  const tool: PromptFileTool = /\.prompt\.md$/i.test(name) ? "copilot" : "claude";
  return {
    format: formatOf[tool],
    prompts: [fileAsPrompt(name, text, tool, [], 0, limits, new Date())],
    starredIds: [],
  };
}

/**
 * A skill's `SKILL.md` as a prompt. Its folder is the skill itself, so it is no library folder;
 * the folders above it are, less any path up to a folder named `skills` (`skills/`,
 * `.claude/skills/`, `.codex/skills/`…, where the tools keep them): `skills/review/SKILL.md` is
 * in no folder, `writing/blog-post/SKILL.md` in "writing".
 */
function skillAsPrompt(path: string, text: string, index: number, limits: ImportLimits, now: Date) {
  const above = folderOf(path)
    .split("/")
    .filter((part) => part !== "" && part !== ".");
  const skillFolder = above.pop() ?? "";
  const folderPath = above.slice(above.lastIndexOf("skills") + 1);
  const skill = skillFromFile(path, text, skillFolder);
  const prompt = importedPrompt(
    {
      line: index + 1,
      useCase: skill.title,
      promptText: skill.text,
      shared: false,
      tags: skill.tags,
      folderPath,
      favourite: false,
      createdAt: null,
    },
    path,
    limits,
    now,
  );
  return { ...prompt, columns: { description: skill.description } };
}

function fileAsPrompt(
  path: string,
  text: string,
  tool: PromptFileTool,
  folderPath: string[],
  index: number,
  limits: ImportLimits,
  now: Date,
) {
  const prompt = promptFromFile(path, text, tool);
  return importedPrompt(
    {
      line: index + 1,
      useCase: prompt.title,
      promptText: prompt.text,
      shared: false,
      tags: prompt.tags ?? [],
      folderPath,
      favourite: false,
      createdAt: null,
    },
    path,
    limits,
    now,
  );
}

/** The folders above a file, below the tool's own folder where the path has one. */
export function folderPathOf(path: string) {
  const folders = path
    .replaceAll("\\", "/")
    .split("/")
    .slice(0, -1)
    .filter((part) => part !== "" && part !== ".");
  for (const [first, second] of toolFolders) {
    const at = folders.findIndex((part, i) => part === first && folders[i + 1] === second);
    if (at !== -1) return folders.slice(at + 2);
  }
  return folders;
}

/** The folder a zip entry is in ("" at the top), its path's slashes forward. */
function folderOf(path: string) {
  const at = path.lastIndexOf("/");
  return at === -1 ? "" : path.slice(0, at);
}

/**
 * The outermost skill folder a path is in, or undefined. Each of its folders is looked up once,
 * from the top: as many lookups as the path has folders, which the zip's depth limit bounds.
 */
function skillFolderOf(path: string, skillFolders: Set<string>) {
  if (skillFolders.size === 0) return undefined;
  if (skillFolders.has("")) return "";
  for (let at = path.indexOf("/"); at !== -1; at = path.indexOf("/", at + 1)) {
    const folder = path.slice(0, at);
    if (skillFolders.has(folder)) return folder;
  }
  return undefined;
}

/** What archivers add beside the files: macOS resource forks and hidden files. */
function isClutter(path: string) {
  const name = path.split("/").pop() ?? "";
  return path.startsWith("__MACOSX/") || name.startsWith(".");
}
