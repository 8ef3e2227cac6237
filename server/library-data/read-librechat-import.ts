import { z } from "zod";
import { convertVariables, patternTokens } from "./convert-variables.ts";
import type { ToolJsonFormat } from "./read-tool-json.ts";

/*
 * LibreChat's prompt groups, as its API lists them (`GET /api/prompts/groups` answers
 * `{ promptGroups: [...] }`; a plain list of groups is read too). The shape is TPromptGroup in
 * danny-avila/LibreChat packages/data-provider/src/types.ts (packages/data-schemas
 * promptGroup.ts): `name`, `oneliner`, `category`, `command`, `productionPrompt.prompt` (the
 * text of the version in production), `createdAt`. Variables, from the LibreChat docs
 * (docs/features/prompts): `{{name}}`, and dropdowns `{{name:option1|option2}}`, whose first
 * option becomes our default; special variables (`{{current_date}}`, `{{current_user}}`) come
 * in as variables to fill in by hand.
 *
 * The category becomes a tag, not a folder: LibreChat's categories are a fixed set of labels
 * (idea, write, code, …) to filter by, which is what tags are for; folders are places a person
 * makes, and nine label-folders would crowd their tree.
 */
const entry = z.object({
  name: z.string(),
  productionPrompt: z.object({ prompt: z.string() }),
  category: z.string().nullish(),
  createdAt: z.string().nullish(),
});

export const libreChatFormat: ToolJsonFormat<z.infer<typeof entry>> = {
  name: "LibreChat JSON",
  recognises: (fields) =>
    "productionPrompt" in fields ||
    (typeof fields.name === "string" &&
      ("oneliner" in fields || "authorName" in fields || "productionId" in fields)),
  entry,
  prompt: (group) => ({
    title: group.name,
    text: libreChatTemplate(group.productionPrompt.prompt),
    tags: group.category ? [group.category] : [],
    createdAt: group.createdAt ?? null,
  }),
};

/** The member LibreChat's API lists its groups under. */
export const libreChatListKey = "promptGroups";

/**
 * `{{name}}` stays; `{{tone:formal|casual}}` becomes `{{tone|formal}}`. A variable holds no {, so
 * one never closed is read up to the next {, not to the end of the line.
 */
export function libreChatTemplate(text: string) {
  return convertVariables(
    text,
    patternTokens(text, /\{\{([^{\n]*?)\}\}/g, (match) => {
      const inner = match[1] ?? "";
      const colon = inner.indexOf(":");
      if (colon <= 0) return inner.trim() ? { name: inner } : null;
      const options = inner
        .slice(colon + 1)
        .split("|")
        .map((option) => option.trim())
        .filter(Boolean);
      return { name: inner.slice(0, colon), defaultValue: options[0] };
    }),
  );
}
