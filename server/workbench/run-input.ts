import { z } from "zod";
import { promptTextMaxLength } from "../../shared/prompt.ts";
import { modelNameMaxLength } from "../../shared/workbench.ts";
import { templateValues } from "../mcp/fill-template.ts";
import { storableText } from "../validation.ts";

/** A version number, as the history numbers them. */
export const versionNumber = z.coerce.number().int().min(1).max(2_147_483_647);

export const modelName = storableText()
  .trim()
  .min(1, "Please choose a model")
  .max(modelNameMaxLength);

/** The model settings a run is made with. */
const modelSettings = {
  connectionId: z.string().min(1, "Please choose a connection"),
  model: modelName,
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().min(1).max(1_000_000).optional(),
};

/** POST /api/v1/runs: a prompt (at a version) or a prompt's text, filled with values. */
export const runInput = z
  .object({
    promptId: z.string().optional(),
    version: versionNumber.optional(),
    promptText: storableText().min(1).max(promptTextMaxLength).optional(),
    values: templateValues.default({}),
    stream: z.boolean().default(false),
    ...modelSettings,
  })
  .refine((input) => (input.promptId === undefined) !== (input.promptText === undefined), {
    message: "Give either promptId or promptText",
  })
  .refine((input) => input.version === undefined || input.promptId !== undefined, {
    message: "A version needs a promptId",
  });

export type RunInput = z.infer<typeof runInput>;

/** POST /api/v1/prompts/:id/tests/run */
export const testRunInput = z.object({
  connectionId: modelSettings.connectionId,
  model: modelSettings.model,
  version: versionNumber.optional(),
  temperature: modelSettings.temperature,
  maxTokens: modelSettings.maxTokens,
});

export type TestRunInput = z.infer<typeof testRunInput>;
