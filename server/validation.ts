import { type ZodError, type ZodType, z } from "zod";
import type { ErrorDetail } from "../shared/error-codes.ts";
import { AppError } from "./errors.ts";

const hasNoNul = (value: string) => !value.includes("\u0000");
const isWellFormed = (value: string) => value.isWellFormed();

/** Text PostgreSQL can store and that survives a round trip: no NUL, no unpaired surrogate. */
export function isStorableText(value: string) {
  return hasNoNul(value) && isWellFormed(value);
}

/** The same rule as a schema, saying which part a text breaks. */
export function storableText() {
  return z
    .string()
    .refine(hasNoNul, "must not contain NUL characters")
    .refine(isWellFormed, "must be valid Unicode text");
}

/**
 * A refinement's message with the detail code its refusal carries, for a rule a client acts on:
 * `.refine(check, withDetail("prompt_content_missing", "Please enter prompt content"))`.
 */
export function withDetail(detail: ErrorDetail, message: string) {
  return { message, params: { detail } };
}

/** Parses input at the edge; a problem becomes invalid_input with the first message (and detail). */
export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalidInput(parsed.error);
}

/**
 * The refusal for input a schema turned down: invalid_input with its first problem, named by
 * where it lies ("tag.0: Tags are at most 32 characters") below the part of the request skipped
 * (`skip`: 1 for a path parameter, whose own name is the route's business), and the detail
 * code its refinement carries.
 */
export function invalidInput(error: ZodError, skip = 0) {
  const issue = error.issues[0];
  const path = issue?.path.slice(skip) ?? [];
  const field = path.length ? `${path.join(".")}: ` : "";
  const detail = issue?.code === "custom" ? (issue.params?.detail as ErrorDetail) : undefined;
  return new AppError("invalid_input", `${field}${issue?.message ?? "invalid input"}`, detail);
}
