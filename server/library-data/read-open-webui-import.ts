import { z } from "zod";
import { convertVariables, epochDate, patternTokens, unquote } from "./convert-variables.ts";
import type { ToolJsonFormat } from "./read-tool-json.ts";

/*
 * Open WebUI's prompt export (Workspace → Prompts → Export): `JSON.stringify` of its prompts, a
 * list of the prompt model in open-webui/open-webui backend/open_webui/models/prompts.py:
 * `command` (the slash command), `name` (written as "title"), `content`, `tags` and
 * `created_at` in seconds; before versioned prompts, `command`, `title`, `content` and
 * `timestamp`. Variables, from docs/features/ai-knowledge/prompts.md in open-webui/docs:
 * `{{name}}`, or typed `{{name | type:placeholder="…":default="…":required}}`; the system
 * variables (`{{CLIPBOARD}}`, `{{CURRENT_DATE}}`, …) come in as variables to fill in by hand.
 */
const entry = z.object({
  command: z.string(),
  title: z.string().nullish(),
  name: z.string().nullish(),
  content: z.string(),
  tags: z.array(z.string()).nullish(),
  created_at: z.number().nullish(),
  timestamp: z.number().nullish(),
});

export const openWebUiFormat: ToolJsonFormat<z.infer<typeof entry>> = {
  name: "Open WebUI JSON",
  recognises: (fields) => typeof fields.command === "string" && "content" in fields,
  entry,
  prompt: (prompt) => ({
    // The command is the prompt's slug; without a title it names the prompt.
    title: prompt.title?.trim() || prompt.name?.trim() || prompt.command.replace(/^\//, ""),
    text: openWebUiTemplate(prompt.content),
    tags: prompt.tags ?? [],
    createdAt: epochDate(prompt.created_at ?? prompt.timestamp),
  }),
};

/** `{{name}}` stays; `{{name | select:options=[…]:default="x"}}` becomes `{{name|x}}`. */
export function openWebUiTemplate(text: string) {
  return convertVariables(
    text,
    patternTokens(text, /\{\{([^{}\n]+?)\}\}/g, (match) => {
      const inner = match[1] ?? "";
      const bar = inner.indexOf("|");
      if (!(bar === -1 ? inner : inner.slice(0, bar)).trim()) return null;
      if (bar === -1) return { name: inner };
      const found = /:default=("(?:[^"\\]|\\.)*"|[^:]*)/.exec(inner.slice(bar + 1));
      return { name: inner.slice(0, bar), defaultValue: found?.[1] && unquote(found[1]) };
    }),
  );
}
