/** The formats a library (one's own, or a team's) is downloaded in, each with what it is for. */
export const exportFormats = [
  {
    format: "json",
    label: "JSON",
    note: "everything: prompts, folders, tags, favourites and dates; imports back in",
  },
  {
    format: "csv",
    label: "CSV",
    note: "opens in a spreadsheet and imports into other prompt tools",
  },
  { format: "markdown", label: "Markdown", note: "one readable document, a heading per prompt" },
  {
    format: "prompt-files",
    label: ".prompt.md files",
    note: "a zip of prompt files, folders as folders, for Copilot and Claude Code; imports back in",
  },
  {
    format: "skills",
    label: "Agent Skills",
    note: "a zip of skill folders (SKILL.md) for Claude, Codex and other agents; tags ride along, but not folders, versions, stars or dates, and {{variables}} stay as written",
  },
] as const;
