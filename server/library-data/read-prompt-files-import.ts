import type { Pace } from "../pacing.ts";
import {
  fail,
  failTooMany,
  type ImportLimits,
  importedPrompt,
  type ParsedImport,
} from "./import-rules.ts";
import { type PromptFileTool, promptFromFile } from "./read-prompt-file.ts";
import { unpack, zipEntries } from "./zip-entries.ts";

/** The most a zip may unpack to when no other limit is given: the default IMPORT_LIMIT. */
export const zipUnpackedBytes = 26_214_400;

const formatOf: Record<PromptFileTool, ParsedImport["format"]> = {
  copilot: "Copilot prompt files",
  claude: "Claude Code commands",
};

/** Folders the tools keep prompts in; what is inside them is the library's folders. */
const toolFolders = [
  [".github", "prompts"],
  [".claude", "commands"],
];

/**
 * A zip of prompt files. When it holds any `.prompt.md` file it is Copilot's (and only those
 * are read); otherwise every `.md` file is a Claude Code command. The folders a file sits in
 * (below `.github/prompts/` or `.claude/commands/` where the zip has them) become its folders.
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
  }).filter((entry) => !isClutter(entry.path));
  const tool: PromptFileTool = entries.some((entry) => /\.prompt\.md$/i.test(entry.path))
    ? "copilot"
    : "claude";
  const wanted = entries.filter((entry) =>
    tool === "copilot" ? /\.prompt\.md$/i.test(entry.path) : /\.md$/i.test(entry.path),
  );
  if (wanted.length === 0) fail("The zip", "it holds no .prompt.md or .md files");
  const decoder = new TextDecoder();
  const prompts: ParsedImport["prompts"] = [];
  const now = new Date();
  for (const [index, entry] of wanted.entries()) {
    if (prompts.length === limits.promptsPerImport) failTooMany("prompts", limits.promptsPerImport);
    const text = decoder.decode(unpack(bytes, entry));
    prompts.push(
      fileAsPrompt(entry.path, text, tool, folderPathOf(entry.path), index, limits, now),
    );
    await pace();
  }
  return { format: formatOf[tool], prompts, starredIds: [] };
}

/** One Markdown prompt file on its own: `.prompt.md` is Copilot's, any other `.md` Claude Code's. */
export function readPromptFile(name: string, text: string, limits: ImportLimits): ParsedImport {
  const tool: PromptFileTool = /\.prompt\.md$/i.test(name) ? "copilot" : "claude";
  return {
    format: formatOf[tool],
    prompts: [fileAsPrompt(name, text, tool, [], 0, limits, new Date())],
    starredIds: [],
  };
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

/** What archivers add beside the files: macOS resource forks and hidden files. */
function isClutter(path: string) {
  const name = path.split("/").pop() ?? "";
  return path.startsWith("__MACOSX/") || name.startsWith(".");
}
