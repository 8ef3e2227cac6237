import { z } from "zod";
import { attributes, convertVariables, patternTokens } from "./convert-variables.ts";
import type { ToolJsonFormat } from "./read-tool-json.ts";

/*
 * Raycast's AI Commands and Presets, as exported for Raycast's own import (ray.so "Download
 * JSON", raycast/ray-so app/(navigation)/prompts/utils/actions.ts and presets/utils/actions.ts):
 * a list of `{ title, prompt, creativity, icon, model }` for commands, or of `{ name,
 * instructions, creativity, icon, model, web_search, image_generation }` for presets. Neither
 * has tags or folders. Placeholders, from manual.raycast.com/dynamic-placeholders:
 * `{argument name="tone" default="happy"}` (or `options="a, b"`, whose first is the default;
 * an unnamed `{argument}` is called "argument", then "argument 2"…), and `{selection}`,
 * `{clipboard}`, `{browser-tab}`, `{date}`… which come in as variables to fill in by hand. Any
 * other text in braces stays text.
 */
const command = z.object({
  title: z.string(),
  prompt: z.string(),
});
const preset = z.object({
  name: z.string(),
  instructions: z.string(),
});

export const raycastCommandsFormat: ToolJsonFormat<z.infer<typeof command>> = {
  name: "Raycast AI Commands JSON",
  recognises: (fields) => typeof fields.title === "string" && "prompt" in fields,
  entry: command,
  prompt: (entry) => ({ title: entry.title, text: raycastTemplate(entry.prompt) }),
};

export const raycastPresetsFormat: ToolJsonFormat<z.infer<typeof preset>> = {
  name: "Raycast Presets JSON",
  recognises: (fields) => typeof fields.name === "string" && "instructions" in fields,
  entry: preset,
  prompt: (entry) => ({ title: entry.name, text: raycastTemplate(entry.instructions) }),
};

const placeholders = [
  "argument",
  "clipboard",
  "selection",
  "browser-tab",
  "date",
  "time",
  "datetime",
  "day",
  "uuid",
];
const placeholder = new RegExp(`\\{(${placeholders.join("|")})((?:[\\s|][^{}]*)?)\\}`, "g");

export function raycastTemplate(text: string) {
  let unnamed = 0;
  return convertVariables(
    text,
    patternTokens(text, placeholder, (match) => {
      const [, kind = "", rest = ""] = match;
      if (kind !== "argument") return { name: kind };
      const options = attributes(rest);
      unnamed += options.get("name") ? 0 : 1;
      return {
        name: options.get("name") || (unnamed === 1 ? "argument" : `argument ${unnamed}`),
        defaultValue: options.get("default") || options.get("options")?.split(",")[0]?.trim(),
      };
    }),
  );
}
