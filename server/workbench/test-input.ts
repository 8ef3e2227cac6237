import { z } from "zod";
import {
  checkKinds,
  checksPerTest,
  checkValueMaxLength,
  testNameMaxLength,
} from "../../shared/workbench.ts";
import { AppError } from "../errors.ts";
import { templateValues } from "../mcp/fill-template.ts";
import { storableText } from "../validation.ts";
import { readPattern } from "./answer-checks.ts";
import { runIsolated } from "./isolated-check.ts";

/** Why a check's value does not fit its kind, or null. Nothing here runs a pattern. */
function valueProblem(kind: (typeof checkKinds)[number], value: string): string | null {
  switch (kind) {
    case "contains":
    case "not-contains":
    case "equals":
      return value ? null : "needs the text to look for";
    case "json":
      return null;
    case "max-length":
    case "min-length":
      return /^\d{1,9}$/.test(value.trim()) ? null : "needs a whole number of characters";
    case "regex": {
      const { pattern, flags } = readPattern(value);
      if (!pattern) return "needs a pattern";
      if (!/^(?!.*(.).*\1)[imsu]*$/.test(flags)) return "takes only the flags i, m, s and u";
      try {
        new RegExp(pattern, flags);
        return null;
      } catch (error) {
        return `is not a regular expression: ${(error as Error).message}`;
      }
    }
    case "json-schema":
      try {
        const schema: unknown = JSON.parse(value);
        return typeof schema === "object" || typeof schema === "boolean"
          ? null
          : "must be a JSON Schema: an object";
      } catch {
        return "must be a JSON Schema, written as JSON";
      }
  }
}

const check = z
  .object({
    kind: z.enum(checkKinds),
    value: storableText().max(checkValueMaxLength).default(""),
  })
  .superRefine((value, context) => {
    const problem = valueProblem(value.kind, value.value);
    if (problem) context.addIssue({ code: "custom", message: `A ${value.kind} check ${problem}` });
  })
  .transform((value) => ({
    kind: value.kind,
    value:
      value.kind === "json" ? "" : value.kind.endsWith("length") ? value.value.trim() : value.value,
  }));

const name = storableText()
  .trim()
  .min(1, "Please give the test case a name")
  .max(testNameMaxLength, `A name is at most ${testNameMaxLength} characters`);
const checks = z
  .array(check)
  .min(1, "A test case needs at least one check")
  .max(checksPerTest, `A test case has at most ${checksPerTest} checks`);

export const newTestInput = z.object({ name, values: templateValues.default({}), checks });
export const testChangeInput = z.object({
  name: name.optional(),
  values: templateValues.optional(),
  checks: checks.optional(),
});

/** A JSON Schema check's schema must compile (in a worker: a schema holds patterns too). */
export async function assertSchemasCompile(list: readonly { kind: string; value: string }[]) {
  for (const item of list) {
    if (item.kind !== "json-schema") continue;
    const outcome = await runIsolated({ kind: "compile", schema: JSON.parse(item.value) });
    if ("error" in outcome || "timedOut" in outcome) {
      const why = "error" in outcome ? outcome.error : "it took too long to read";
      throw new AppError("invalid_input", `checks: this JSON Schema cannot be used: ${why}`);
    }
  }
}
