import { z } from "zod";
import type { VariableType } from "../../shared/template-syntax.ts";
import {
  convertVariables,
  epochDate,
  type FoundVariable,
  patternTokens,
  unquote,
} from "./convert-variables.ts";
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

/**
 * `{{name}}` stays; a typed input takes the nearest of our types, its default and its required
 * flag: `{{name | select:options=["a","b"]:default="a":required}}` becomes
 * `{{name:choice(a,b)!|a}}`. textarea is long; number and range are number; checkbox is yesno
 * (its default true or false as yes or no); date is date; the others (email, url, time, color…)
 * are a line of text.
 */
export function openWebUiTemplate(text: string) {
  return convertVariables(
    text,
    patternTokens(text, /\{\{([^{}\n]+?)\}\}/g, (match) => {
      const inner = match[1] ?? "";
      const bar = inner.indexOf("|");
      if (!(bar === -1 ? inner : inner.slice(0, bar)).trim()) return null;
      if (bar === -1) return { name: inner };
      return { name: inner.slice(0, bar), ...typedInput(inner.slice(bar + 1)) };
    }),
  );
}

/** What `type:property="value":…:required` says, in our terms. */
function typedInput(spec: string): Omit<FoundVariable, "name"> {
  const kind = /^\s*([a-z-]+)/.exec(spec)?.[1] ?? "text";
  const found = /:default=("(?:[^"\\]|\\.)*"|[^:]*)/.exec(spec);
  const given = found?.[1] ? unquote(found[1]) : undefined;
  // A flag outside any quoted value or list.
  const required = /:\s*required\s*(?::|$)/.test(
    spec.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/\[[^\]]*\]/g, "[]"),
  );
  const type = typeOf(kind, spec);
  const defaultValue =
    type?.kind === "yesno"
      ? given === undefined
        ? undefined
        : /^(true|yes|1|on)$/i.test(given.trim())
          ? "yes"
          : "no"
      : given;
  return { defaultValue, type, required };
}

function typeOf(kind: string, spec: string): VariableType | undefined {
  if (kind === "textarea") return { kind: "long" };
  if (kind === "number" || kind === "range") return { kind: "number" };
  if (kind === "checkbox") return { kind: "yesno" };
  if (kind === "date") return { kind: "date" };
  if (kind === "select") {
    const list = /:options=(\[[^\]]*\])/.exec(spec)?.[1];
    try {
      const options: unknown = list ? JSON.parse(list) : [];
      if (Array.isArray(options) && options.length) {
        return { kind: "choice", options: options.map(String) };
      }
    } catch {
      // Options it cannot read leave a line of text to fill in.
    }
  }
  return undefined;
}
