import { checkLabels, type TestCheck } from "../../shared/workbench.ts";
import { checkTimeLimitMs, type IsolatedOutcome, runIsolated } from "./isolated-check.ts";

/**
 * A regex check's value: `/pattern/flags`, or a bare pattern without flags. Flags are i, m, s and
 * u (g and y would make a test depend on the one before it).
 */
export function readPattern(value: string): { pattern: string; flags: string } {
  const slashed = /^\/([\s\S]*)\/([a-z]*)$/.exec(value);
  return slashed
    ? { pattern: slashed[1] ?? "", flags: slashed[2] ?? "" }
    : { pattern: value, flags: "" };
}

/**
 * The answer as JSON: the whole of it, trimmed, or the one fenced block (```json … ```) it is,
 * since models often fence what they were asked to write.
 */
export function answerAsJson(
  output: string,
): { ok: true; value: unknown } | { ok: false; why: string } {
  const trimmed = output.trim();
  const fenced = /^```[a-zA-Z]*\n([\s\S]*?)\n?```$/.exec(trimmed);
  try {
    return { ok: true, value: JSON.parse(fenced ? (fenced[1] ?? "") : trimmed) };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : "not JSON" };
  }
}

function quoted(text: string) {
  return `“${text.length > 60 ? `${text.slice(0, 60)}…` : text}”`;
}

/** Why one check failed on the answer, or null when it held. */
async function failureOf(output: string, check: TestCheck): Promise<string | null> {
  const label = `${checkLabels[check.kind]}${check.kind === "json" ? "" : ` ${quoted(check.value)}`}`;
  switch (check.kind) {
    case "contains":
      return output.includes(check.value)
        ? null
        : `Expected the answer to contain ${quoted(check.value)}.`;
    case "not-contains":
      return output.includes(check.value)
        ? `Expected the answer not to contain ${quoted(check.value)}.`
        : null;
    case "equals":
      return output.trim() === check.value.trim()
        ? null
        : `Expected the answer to equal ${quoted(check.value)}.`;
    case "max-length":
      return output.length <= Number(check.value)
        ? null
        : `Expected at most ${check.value} characters; the answer has ${output.length}.`;
    case "min-length":
      return output.length >= Number(check.value)
        ? null
        : `Expected at least ${check.value} characters; the answer has ${output.length}.`;
    case "json": {
      const parsed = answerAsJson(output);
      return parsed.ok ? null : `Expected JSON: ${parsed.why}.`;
    }
    case "regex": {
      const { pattern, flags } = readPattern(check.value);
      return isolatedFailure(
        await runIsolated({ kind: "regex", pattern, flags, text: output }),
        label,
        `Expected the answer to match ${quoted(check.value)}.`,
      );
    }
    case "json-schema": {
      const parsed = answerAsJson(output);
      if (!parsed.ok) return `Expected JSON for the schema: ${parsed.why}.`;
      const outcome = await runIsolated({
        kind: "schema",
        schema: JSON.parse(check.value),
        data: parsed.value,
      });
      return isolatedFailure(
        outcome,
        label,
        `The answer does not fit the schema: ${"errors" in outcome ? (outcome.errors ?? []).join("; ") : ""}.`,
      );
    }
  }
}

function isolatedFailure(outcome: IsolatedOutcome, label: string, whenFalse: string) {
  if ("timedOut" in outcome) {
    return `The check “${label}” took longer than ${checkTimeLimitMs / 1000} s and was stopped.`;
  }
  if ("error" in outcome) return `The check “${label}” could not run: ${outcome.error}.`;
  return outcome.ok ? null : whenFalse;
}

/** Each check that did not hold, in order, said why; none: the case passed. */
export async function answerFailures(output: string, checks: readonly TestCheck[]) {
  const failures: string[] = [];
  for (const check of checks) {
    const failure = await failureOf(output, check);
    if (failure) failures.push(failure);
  }
  return failures;
}
