import { Zip, ZipDeflate } from "fflate";
import { slugOf } from "../../shared/public-address.ts";
import { templatePieces } from "../../shared/template-syntax.ts";
import type { ExportedPrompt } from "./library-rows.ts";

/*
 * The library as `.prompt.md` files, folders as folders: what VS Code / GitHub Copilot reads
 * from `.github/prompts/` and Claude Code from `.claude/commands/` (see read-prompt-file.ts
 * for both formats). Front matter: `description` (the title, which both tools show beside the
 * command), `tags` (ours; the tools ignore a field they do not know) and, when the prompt has
 * variables, `argument-hint` naming them. Variables are written as Copilot's input variables,
 * `${input:topic}` and `${input:tone:friendly}`: Copilot asks for each by name and shows the
 * default as its placeholder, and it is the one of the two syntaxes that carries a name and a
 * default, so the file imports back exactly. Claude Code has only positional `$1`/`$ARGUMENTS`,
 * which would lose both; it passes `${input:topic}` to the model as a named blank instead.
 */
export async function* promptFileChunks(
  prompts: AsyncIterable<ExportedPrompt>,
  folders: { id: string; name: string; parentId: string | null }[],
): AsyncGenerator<Uint8Array> {
  const directories = folderDirectories(folders);
  const taken = new Set<string>();
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const encoder = new TextEncoder();
  for await (const prompt of prompts) {
    const directory = prompt.folderId ? (directories.get(prompt.folderId) ?? "") : "";
    const file = new ZipDeflate(uniquePath(taken, directory, slugOf(prompt.title)), { level: 6 });
    file.mtime = zipTime(prompt.updatedAt);
    zip.add(file);
    file.push(encoder.encode(promptFile(prompt)), true);
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  zip.end();
  yield* ready.splice(0);
}

/** One prompt as a `.prompt.md` file. */
export function promptFile(prompt: Pick<ExportedPrompt, "title" | "promptText" | "tags">) {
  const variables = [
    ...new Set(templatePieces(prompt.promptText).flatMap((p) => ("name" in p ? [p.name] : []))),
  ];
  const lines = ["---", `description: ${JSON.stringify(prompt.title)}`];
  if (prompt.tags.length) lines.push(`tags: ${JSON.stringify(prompt.tags)}`);
  if (variables.length) lines.push(`argument-hint: ${JSON.stringify(variables.join(", "))}`);
  // A blank line after the front matter and a line break at the end, which the import takes off.
  return `${lines.join("\n")}\n---\n\n${copilotText(prompt.promptText)}\n`;
}

/**
 * Our variables as Copilot's input variables; an escaped \{{ is a plain {{ in Markdown. Copilot
 * has no types, so a typed variable keeps its name and default alone (and a required one loses
 * its mark); a snippet is written as it stands, `{{> Title}}`, which neither tool expands.
 */
export function copilotText(text: string) {
  return templatePieces(text)
    .map((piece) => {
      if ("text" in piece) return piece.text;
      if ("snippet" in piece) return `{{> ${piece.snippet}}}`;
      // Copilot has no sections: they are written as they stand, and read back as sections.
      if ("section" in piece) return `{{#if ${piece.section}}}`;
      if ("sectionEnd" in piece) return "{{/if}}";
      return piece.defaultValue
        ? `\${input:${piece.name}:${piece.defaultValue}}`
        : `\${input:${piece.name}}`;
    })
    .join("");
}

/** `folder/stem.prompt.md`, numbered (`stem-2`) when a prompt in that folder has the name. */
function uniquePath(taken: Set<string>, directory: string, stem: string) {
  for (let n = 1; ; n++) {
    const path = `${directory}${n === 1 ? stem : `${stem}-${n}`}.prompt.md`;
    if (!taken.has(path.toLowerCase())) {
      taken.add(path.toLowerCase());
      return path;
    }
  }
}

/**
 * Each folder's directory in the zip ("Work/Clients/"). A character no file system takes in a
 * name (a slash among them) becomes a hyphen; a loop in the tree ends the walk.
 */
function folderDirectories(folders: { id: string; name: string; parentId: string | null }[]) {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const directories = new Map<string, string>();
  for (const start of folders) {
    const names: string[] = [];
    const seen = new Set<string>();
    for (
      let folder = byId.get(start.id);
      folder && !seen.has(folder.id);
      folder = folder.parentId ? byId.get(folder.parentId) : undefined
    ) {
      seen.add(folder.id);
      names.unshift(directoryName(folder.name));
    }
    directories.set(start.id, names.map((name) => `${name}/`).join(""));
  }
  return directories;
}

function directoryName(name: string) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const clean = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "-").replace(/[. ]+$/, "");
  return clean === "" || clean === "." || clean === ".." ? "_" : clean;
}

/** Zip dates run from 1980 to 2099 (as fflate writes them); a date outside moves to the edge. */
export function zipTime(iso: string) {
  const time = new Date(iso).getTime();
  return new Date(Math.min(Math.max(time, Date.UTC(1980, 0, 2)), Date.UTC(2099, 11, 31)));
}
