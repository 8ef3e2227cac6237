import type { ErrorCode, ErrorDetail } from "../errors.ts";

export interface LimitRefusal {
  code: ErrorCode;
  message: string;
  detail?: ErrorDetail;
}

const count = (value: number) => value.toLocaleString("en-US");
const megabytes = (bytes: number) => `${count(Math.floor(bytes / 1_048_576))} MB`;

/**
 * What the database's limit triggers (drizzle/0010_library-limits.sql, drizzle/0017,
 * drizzle/0021, drizzle/0023, drizzle/0027, drizzle/0028, drizzle/0030) refuse, each with its own SQLSTATE
 * and the limit in DETAIL, worded for people.
 */
const refusals: Record<string, (limit: number) => LimitRefusal> = {
  // A limit the deployment never wrote (drizzle/0023): refused rather than let through unlimited.
  PS000: () => ({
    code: "unavailable",
    message: "PromptShelf cannot check its limits right now, so nothing was saved",
  }),
  PS001: (limit) => ({
    code: "payload_too_large",
    message: `Your library is full: it holds at most ${count(limit)} prompts`,
  }),
  PS002: (limit) => ({
    code: "payload_too_large",
    message: `Your library is full: its prompts hold at most ${megabytes(limit)} of text`,
  }),
  PS003: (limit) => ({
    code: "payload_too_large",
    message: `You can have at most ${count(limit)} folders`,
  }),
  PS004: (limit) => ({
    code: "payload_too_large",
    message: `You can have at most ${count(limit)} tags`,
  }),
  PS005: (limit) => ({
    code: "invalid_input",
    message: `Folders can be nested at most ${count(limit)} levels deep`,
  }),
  PS006: () => ({ code: "invalid_input", message: "A folder cannot move inside itself" }),
  PS007: () => ({ code: "not_found", message: "Folder not found" }),
  PS008: (limit) => ({
    code: "invalid_input",
    message: `A prompt can have at most ${count(limit)} tags`,
  }),
  PS009: (limit) => ({
    code: "payload_too_large",
    message: `You can have at most ${count(limit)} collections`,
    detail: "collection_limit",
  }),
  PS010: (limit) => ({
    code: "payload_too_large",
    message: `A collection holds at most ${count(limit)} prompts`,
    detail: "collection_full",
  }),
  PS011: (limit) => ({
    code: "invalid_input",
    message: `You have ${count(limit)} access tokens, the most allowed. Revoke one first.`,
    detail: "token_limit",
  }),
  PS012: (limit) => ({
    code: "invalid_input",
    message: `You can be in at most ${count(limit)} teams. Leave one first.`,
    detail: "team_limit",
  }),
  PS013: (limit) => ({
    code: "invalid_input",
    message: `A team has at most ${count(limit)} members`,
    detail: "team_full",
  }),
  PS014: () => ({
    code: "conflict",
    message: "A team needs an owner: make someone else owner first",
    detail: "team_needs_owner",
  }),
  PS015: (limit) => ({
    code: "payload_too_large",
    message: `A prompt carries at most ${count(limit)} labels: remove one first`,
    detail: "label_limit",
  }),
  PS016: (limit) => ({
    code: "payload_too_large",
    message: `A prompt has at most ${count(limit)} suggestions waiting: accept or decline some first`,
    detail: "suggestion_limit",
  }),
  PS018: (limit) => ({
    code: "payload_too_large",
    message: `This team's library is full: it holds at most ${count(limit)} prompts`,
    detail: "team_library_full",
  }),
  PS019: (limit) => ({
    code: "payload_too_large",
    message: `This team's library is full: its prompts hold at most ${megabytes(limit)} of text`,
    detail: "team_library_full",
  }),
  PS017: () => ({
    code: "not_found",
    message: "That version is not there to label: it may have been purged or merged away",
    detail: "version_not_found",
  }),
};

/** What a limit's refusal says, for a check made before writing (an import's, say). */
export function refusalOf(
  code: "PS001" | "PS002" | "PS003" | "PS004" | "PS009" | "PS018" | "PS019",
  limit: number,
) {
  return (refusals[code] as (limit: number) => LimitRefusal)(limit);
}

/** The refusal a database error carries, found anywhere in its causes, or null. */
export function limitRefusal(error: unknown): LimitRefusal | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const { code, detail } = current as { code?: unknown; detail?: unknown };
    const refusal = typeof code === "string" ? refusals[code] : undefined;
    if (refusal) return refusal(Number(detail));
    current = current.cause;
  }
  return null;
}
