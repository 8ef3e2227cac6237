import { AppError } from "../errors.ts";
import { AddressRefused, AnswerTooLarge } from "./guarded-fetch.ts";
import { AnswerBrokeOff, modelSdks } from "./model-client.ts";

type Sdks = Awaited<ReturnType<typeof modelSdks>>;

/** The person stopped the run (or left): nothing to say to anyone. */
export class RunStopped extends Error {}

/**
 * What a failed call to a model service means for the person, as an AppError: the address
 * refused, the answer too large or broken off, the time up, or the service's own refusal with
 * its status and (shortened, without the key) its message. Anything else is not the service's.
 */
export async function upstreamFailure(
  error: unknown,
  context: { apiKey: string | null; timeoutS: number; stopped: boolean; timedOut: boolean },
): Promise<AppError | RunStopped> {
  if (context.stopped) return new RunStopped("stopped");
  const sdks = await modelSdks();
  const known = [error, ...causes(error)];
  const refused = known.find((e) => e instanceof AddressRefused);
  if (refused) {
    return new AppError("invalid_input", refused.message, "connection_address_refused");
  }
  // A stream cut by the time limit ends quietly in the SDKs, and reads as broken off: time first.
  if (context.timedOut || isTimeout(sdks, error)) {
    return new AppError(
      "upstream_failed",
      `The model service did not finish within ${context.timeoutS} s (RUN_TIMEOUT_S). Nothing was kept.`,
    );
  }
  const plain = known.find((e) => e instanceof AnswerTooLarge || e instanceof AnswerBrokeOff);
  if (plain) return new AppError("upstream_failed", plain.message);
  const status = statusOf(sdks, error);
  if (status !== undefined) {
    const said = redact(serviceMessage(error), context.apiKey);
    return new AppError(
      "upstream_failed",
      `${meaningOf(status)} (${status})${said ? `: ${said}` : ""}`,
    );
  }
  if (isConnectionFailure(sdks, error)) {
    return new AppError(
      "upstream_failed",
      "The model service could not be reached, or its answer broke off. Nothing was kept; check the connection's address and try again.",
    );
  }
  if (error instanceof AppError) return error;
  throw error;
}

function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  let at = (error as { cause?: unknown } | null)?.cause;
  for (let depth = 0; at && depth < 5; depth++) {
    found.push(at);
    at = (at as { cause?: unknown }).cause;
  }
  return found;
}

function isTimeout([openAi, anthropic]: Sdks, error: unknown) {
  return (
    error instanceof openAi.APIConnectionTimeoutError ||
    error instanceof anthropic.APIConnectionTimeoutError ||
    (error instanceof DOMException && error.name === "TimeoutError")
  );
}

function isConnectionFailure([openAi, anthropic]: Sdks, error: unknown) {
  return (
    error instanceof openAi.APIConnectionError ||
    error instanceof anthropic.APIConnectionError ||
    error instanceof openAi.APIUserAbortError ||
    error instanceof anthropic.APIUserAbortError ||
    (error instanceof TypeError && /terminated|fetch failed|network/i.test(error.message)) ||
    (error instanceof Error &&
      /ECONNRESET|ECONNREFUSED|socket hang up|aborted/i.test(error.message))
  );
}

function statusOf([openAi, anthropic]: Sdks, error: unknown): number | undefined {
  if (error instanceof openAi.APIError || error instanceof anthropic.APIError) {
    return typeof error.status === "number" ? error.status : undefined;
  }
  return undefined;
}

function meaningOf(status: number) {
  if (status === 401 || status === 403) return "The model service refused the API key";
  if (status === 404) return "The model service does not know this model or address";
  if (status === 429) return "The model service is busy or over its limit: try again later";
  if (status >= 500) return "The model service failed";
  return "The model service refused the request";
}

/** The service's own words, short, from its error body when it sent one. */
function serviceMessage(error: unknown) {
  const body = (error as { error?: unknown }).error as
    | { message?: unknown; error?: { message?: unknown } }
    | undefined;
  const said = body?.error?.message ?? body?.message;
  const text = typeof said === "string" ? said : "";
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** A service may quote the key back (OpenAI does, partly): it never goes further. */
function redact(text: string, apiKey: string | null) {
  if (!apiKey) return text;
  return text.split(apiKey).join("[your key]");
}
