import { z } from "zod";
import { labelPattern } from "../../shared/labels.ts";

/** A label's name: production, staging, or any of a-z, 0-9 and dashes, at most 32 long. */
export const labelName = z
  .string()
  .regex(labelPattern, "must be 1 to 32 of a-z, 0-9 and -")
  .describe("`production`, `staging`, or any name of a-z, 0-9 and `-`, at most 32 long.");

/** Where a label points: a version by its number, as the history numbers them. */
export const labelInput = z.object({ version: z.number().int().min(1).max(2_147_483_647) });
