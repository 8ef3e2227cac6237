import { convertVariables, type Found, patternTokens } from "./convert-variables.ts";
import { listField, splitFrontMatter, textField } from "./front-matter.ts";
import type { ToolPrompt } from "./read-tool-json.ts";

/** Which tool a Markdown prompt file is for, which decides how its variables are read. */
export type PromptFileTool = "copilot" | "claude";

/*
 * VS Code / GitHub Copilot prompt files (code.visualstudio.com/docs/copilot/customization/
 * prompt-files): `name.prompt.md`, optional YAML front matter (`description`, `name`,
 * `argument-hint`, `agent`/`mode`, `model`, `tools`), then the prompt. Variables:
 * `${input:name}` and `${input:name:placeholder}` (the placeholder becomes our default), and
 * VS Code's own `${selection}`, `${selectedText}`, `${file}`, `${fileBasename}`,
 * `${fileDirname}`, `${fileBasenameNoExtension}`, `${workspaceFolder}` and
 * `${workspaceFolderBasename}`, which come in as variables to fill in by hand. Any other `${…}`
 * (a shell or JavaScript one in an example) stays text.
 *
 * Claude Code commands (docs.anthropic.com/en/docs/claude-code/slash-commands): any `.md` file
 * in `.claude/commands/`, subfolders namespacing them, with optional front matter
 * (`description`, `argument-hint`, `allowed-tools`, `model`). `$ARGUMENTS` (everything typed
 * after the command) becomes `{{arguments}}`, and `$1`…`$9` the names `argument-hint` gives
 * them in brackets (`[pr-number] [priority]`), else `{{argument 1}}`…
 *
 * Both: the title is `description` (what both tools show beside the command), else `name`, else
 * the file's name; `tags` (which our export writes) are kept.
 */
export function promptFromFile(path: string, text: string, tool: PromptFileTool): ToolPrompt {
  const normalised = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const { fields, body } = splitFrontMatter(normalised, path);
  const fileName = path.split("/").pop() ?? path;
  const stem = fileName.replace(/(\.prompt)?\.md$/i, "");
  const description = textField(fields.get("description")).trim();
  const title = description || textField(fields.get("name")).trim() || stem;
  // One blank line after the front matter and one line break at the end are the file's, not
  // the prompt's (our export writes them so), so a prompt's text comes back as it was.
  const promptText = body.replace(/^\n/, "").replace(/\n$/, "");
  const hint = fields.get("argument-hint");
  // `[word] [language]`, or a YAML list when it is only `[word]`.
  const hinted = Array.isArray(hint)
    ? hint
    : [...textField(hint).matchAll(/\[([^[\]]+)\]/g)].map((match) => match[1] ?? "");
  return {
    title: title === "Untitled" ? "" : title,
    text: tool === "copilot" ? copilotTemplate(promptText) : claudeTemplate(promptText, hinted),
    tags: listField(fields.get("tags")),
  };
}

const vsCodeVariables = [
  "workspaceFolder",
  "workspaceFolderBasename",
  "selection",
  "selectedText",
  "file",
  "fileBasename",
  "fileDirname",
  "fileBasenameNoExtension",
];
// Also our own snippets, `{{> Title}}`, and sections, `{{#if name}}` and `{{/if}}`, which our
// export writes as they stand. A name or placeholder holds no brace, so a variable never closed is
// read up to the next brace, not to the end.
const copilotVariable = new RegExp(
  `\\$\\{(?:input:([^{}:]+)(?::([^{}]*))?|(${vsCodeVariables.join("|")}))\\}|\\{\\{\\s*>([^{}\\n]+)\\}\\}|\\{\\{\\s*#if\\s+([^{}|\\n]+?)\\s*\\}\\}|(\\{\\{\\s*/if\\s*\\}\\})`,
  "g",
);

export function copilotTemplate(text: string) {
  return convertVariables(
    text,
    patternTokens(text, copilotVariable, (match): Found => {
      const [, input, placeholder, builtIn, snippet, section, sectionEnd] = match;
      if (snippet) return { snippet };
      if (section) return { sectionStart: section };
      if (sectionEnd) return { sectionEnd: true };
      return input ? { name: input, defaultValue: placeholder } : { name: builtIn ?? "" };
    }),
  );
}

/** `$ARGUMENTS` as {{arguments}}; `$1`… by the names the argument hint gives, else numbered. */
export function claudeTemplate(text: string, hinted: string[]) {
  return convertVariables(
    text,
    patternTokens(text, /\$ARGUMENTS\b|\$([1-9])(?!\d)/g, (match) => {
      const place = match[1];
      if (!place) return { name: "arguments" };
      return { name: hinted[Number(place) - 1]?.trim() || `argument ${place}` };
    }),
  );
}
