import type { ErrorBody } from "../../shared/error-codes.ts";
import { type Notice, noticeFor } from "../../shared/messages.ts";
import type { Prompt } from "../../shared/prompt.ts";
import type { SimilarPrompt } from "../../shared/similar-prompt.ts";

export type PromptIntent = "create" | "update" | "delete";

/** What a library page's action answers; the page turns it into a notice. */
export type PromptActionResult =
  | {
      ok: true;
      intent: PromptIntent;
      prompt?: Prompt;
      deletedId?: string;
      /** After a save: a prompt already in the person's library much like it. */
      similar?: SimilarPrompt | null;
    }
  | { ok: false; intent: PromptIntent | null; error: ErrorBody };

/** The catalogue's notice for a failed save or delete (an unreadable form counts as a save). */
export function failureNotice(
  result: Extract<PromptActionResult, { ok: false }>,
  options: { global?: boolean } = {},
): Notice {
  if (result.intent === "delete") {
    return noticeFor(result.error, options.global ? "delete-global-prompt" : "delete-prompt");
  }
  return noticeFor(result.error, options.global ? "save-global-prompt" : "save-prompt");
}

/**
 * Runs a library page's server action from the browser; when the request itself fails (offline,
 * a proxy error), the page still gets an answer it can turn into the catalogue's notice. A
 * submission that is not a form still goes to the server, which refuses it with its reason.
 */
export async function actionOrFailure(
  request: Request,
  serverAction: () => Promise<PromptActionResult>,
): Promise<PromptActionResult> {
  const intent = await intentOf(request);
  try {
    return await serverAction();
  } catch {
    return { ok: false, intent, error: { code: "unavailable", message: "The request failed" } };
  }
}

async function intentOf(request: Request): Promise<PromptIntent | null> {
  try {
    const intent = (await request.clone().formData()).get("intent");
    return intent === "create" || intent === "update" || intent === "delete" ? intent : null;
  } catch {
    return null;
  }
}

/** A refused or failed action changed nothing, so the page keeps its data as it is. */
export function skipRevalidationAfterFailure(args: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}) {
  const result = args.actionResult as PromptActionResult | undefined;
  if (result && result.ok === false) return false;
  return args.defaultShouldRevalidate;
}
