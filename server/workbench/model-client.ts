import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import type { ConnectionKind, RunUsage } from "../../shared/workbench.ts";
import type { PrivateAddresses } from "./address-policy.ts";
import { guardedFetch, type Resolve } from "./guarded-fetch.ts";

/** A connection with its key opened, ready to call: only ever held for one request. */
export interface OpenConnection {
  kind: ConnectionKind;
  baseUrl: string;
  apiKey: string | null;
}

/** What every call to a model service is held to (config.workbench). */
export interface CallLimits {
  privateAddresses: PrivateAddresses;
  responseLimit: number;
  timeoutMs: number;
  /** Tests only: another resolver, to show a name's answer is checked. */
  resolve?: Resolve;
}

export interface ModelRequest {
  model: string;
  prompt: string;
  temperature?: number | undefined;
  maxTokens?: number | undefined;
  signal: AbortSignal;
  /** Each piece of the answer as it comes; without it the answer is asked for whole. */
  onDelta?: ((text: string) => void) | undefined;
}

export interface ModelAnswer {
  output: string;
  usage: RunUsage;
  /** From sending the request to the first piece of the answer (streamed), else to the answer. */
  firstTokenMs: number | null;
  ms: number;
}

/** A streamed answer ended before the service said it was finished: a dropped connection. */
export class AnswerBrokeOff extends Error {
  constructor() {
    super(
      "The model service's answer broke off before its end. Nothing was kept; please try again.",
    );
  }
}

/** Anthropic's API requires max_tokens; this is what a run asks for when none is given. */
export const anthropicDefaultMaxTokens = 1024;
/** A model list longer than this is cut: a service could page without end. */
const modelListLimit = 500;

/** The key the SDKs are given for a connection without one: the guarded fetch removes it. */
const noKey = "no-key";

/**
 * The official SDKs, loaded by the first call: together they hold 24 MB that a server nobody runs
 * a prompt on would carry from its start (docs/decisions/0009).
 */
export const modelSdks = () => Promise.all([import("openai"), import("@anthropic-ai/sdk")]);

async function openAiClient(connection: OpenConnection, limits: CallLimits) {
  const [{ default: OpenAI }] = await modelSdks();
  return new OpenAI({
    apiKey: connection.apiKey ?? noKey,
    baseURL: connection.baseUrl,
    // Never the server's own environment: no OPENAI_ORG_ID or OPENAI_PROJECT_ID to a person's host.
    organization: null,
    project: null,
    fetch: guardedFetch({ ...guardOf(connection, limits) }),
    timeout: limits.timeoutMs,
    // A failure is the person's to see and retry: a retry would spend their tokens twice.
    maxRetries: 0,
    logLevel: "off",
  });
}

async function anthropicClient(connection: OpenConnection, limits: CallLimits) {
  const [, { default: Anthropic }] = await modelSdks();
  return new Anthropic({
    // Always given, so the SDK never looks for credentials in this server's environment or files.
    apiKey: connection.apiKey ?? noKey,
    baseURL: connection.baseUrl,
    fetch: guardedFetch(guardOf(connection, limits)),
    timeout: limits.timeoutMs,
    maxRetries: 0,
    logLevel: "off",
    openTelemetry: false,
  });
}

function guardOf(connection: OpenConnection, limits: CallLimits) {
  return {
    baseUrl: connection.baseUrl,
    privateAddresses: limits.privateAddresses,
    responseLimit: limits.responseLimit,
    keyless: connection.apiKey === null,
    resolve: limits.resolve,
  };
}

/** The models the service says it has, by id, sorted. */
export async function listModels(
  connection: OpenConnection,
  limits: CallLimits,
  signal: AbortSignal,
): Promise<string[]> {
  const ids: string[] = [];
  const pages =
    connection.kind === "anthropic"
      ? (await anthropicClient(connection, limits)).models.list({ limit: 100 }, { signal })
      : (await openAiClient(connection, limits)).models.list({ signal });
  for await (const model of pages) {
    ids.push(model.id);
    if (ids.length >= modelListLimit) break;
  }
  return [...new Set(ids)].sort();
}

/** Sends the prompt as one user message and gathers the answer, piece by piece when streaming. */
export async function callModel(
  connection: OpenConnection,
  limits: CallLimits,
  request: ModelRequest,
): Promise<ModelAnswer> {
  return connection.kind === "anthropic"
    ? callAnthropic(await anthropicClient(connection, limits), request)
    : callOpenAi(await openAiClient(connection, limits), connection.baseUrl, request);
}

function timer() {
  const started = performance.now();
  return () => Math.round(performance.now() - started);
}

async function callOpenAi(client: OpenAI, baseUrl: string, request: ModelRequest) {
  const elapsed = timer();
  // OpenAI's own service takes max_completion_tokens (its newer models refuse max_tokens); the
  // servers that copy its API (Ollama, llama.cpp, vLLM, LM Studio) all read max_tokens.
  const isOpenAi = new URL(baseUrl).hostname === "api.openai.com";
  const body = {
    model: request.model,
    messages: [{ role: "user" as const, content: request.prompt }],
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.maxTokens === undefined
      ? {}
      : isOpenAi
        ? { max_completion_tokens: request.maxTokens }
        : { max_tokens: request.maxTokens }),
  };
  const options = { signal: request.signal };
  if (!request.onDelta) {
    const answer = await client.chat.completions.create({ ...body, stream: false }, options);
    const ms = elapsed();
    return {
      output: answer.choices[0]?.message?.content ?? "",
      usage: {
        inputTokens: tokenCount(answer.usage?.prompt_tokens),
        outputTokens: tokenCount(answer.usage?.completion_tokens),
      },
      firstTokenMs: ms,
      ms,
    };
  }
  const stream = await client.chat.completions.create(
    { ...body, stream: true, stream_options: { include_usage: true } },
    options,
  );
  let output = "";
  let firstTokenMs: number | null = null;
  let finished = false;
  const usage: RunUsage = { inputTokens: null, outputTokens: null };
  for await (const chunk of stream) {
    if (chunk.choices[0]?.finish_reason) finished = true;
    const text = chunk.choices[0]?.delta?.content ?? "";
    if (text) {
      firstTokenMs ??= elapsed();
      output += text;
      request.onDelta(text);
    }
    if (chunk.usage) {
      usage.inputTokens = tokenCount(chunk.usage.prompt_tokens);
      usage.outputTokens = tokenCount(chunk.usage.completion_tokens);
    }
  }
  if (!finished) throw new AnswerBrokeOff();
  return { output, usage, firstTokenMs, ms: elapsed() };
}

async function callAnthropic(client: Anthropic, request: ModelRequest) {
  const elapsed = timer();
  const body = {
    model: request.model,
    max_tokens: request.maxTokens ?? anthropicDefaultMaxTokens,
    messages: [{ role: "user" as const, content: request.prompt }],
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
  const options = { signal: request.signal };
  if (!request.onDelta) {
    const answer = await client.messages.create({ ...body, stream: false }, options);
    const ms = elapsed();
    return {
      output: answer.content.map((block) => (block.type === "text" ? block.text : "")).join(""),
      usage: {
        inputTokens: tokenCount(answer.usage?.input_tokens),
        outputTokens: tokenCount(answer.usage?.output_tokens),
      },
      firstTokenMs: ms,
      ms,
    };
  }
  const stream = await client.messages.create({ ...body, stream: true }, options);
  let output = "";
  let firstTokenMs: number | null = null;
  let finished = false;
  const usage: RunUsage = { inputTokens: null, outputTokens: null };
  for await (const event of stream) {
    if (event.type === "message_stop") finished = true;
    if (event.type === "message_start") {
      usage.inputTokens = tokenCount(event.message.usage?.input_tokens);
      usage.outputTokens = tokenCount(event.message.usage?.output_tokens);
    } else if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
      firstTokenMs ??= elapsed();
      output += event.delta.text;
      request.onDelta(event.delta.text);
    } else if (event.type === "message_delta") {
      usage.outputTokens = tokenCount(event.usage?.output_tokens) ?? usage.outputTokens;
      usage.inputTokens = tokenCount(event.usage?.input_tokens) ?? usage.inputTokens;
    }
  }
  if (!finished) throw new AnswerBrokeOff();
  return { output, usage, firstTokenMs, ms: elapsed() };
}

/**
 * A token count as a model service reports it, kept only when it is a whole number from 0: a
 * self-hosted service may send anything, and a run's usage is stored, exported and answered.
 */
function tokenCount(reported: unknown): number | null {
  return typeof reported === "number" && Number.isSafeInteger(reported) && reported >= 0
    ? reported
    : null;
}
