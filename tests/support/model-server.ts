import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the model services, of our own, for tests and benches without the internet:
 * OpenAI's API (GET /v1/models, POST /v1/chat/completions) and Anthropic's (GET /v1/models with
 * an anthropic-version header, POST /v1/messages), each streamed (server-sent events, as the
 * services send them) or whole. The product reaches it through the official SDKs exactly as it
 * reaches the real services. What it answers is scripted per request: text, delays, failures
 * (a status with an error body, a stream dropped part way), a huge answer, a redirect.
 */

/** How the stand-in answers one request; every field is optional. */
export interface Reply {
  /** The answer's text (default: "Echo: " and the prompt). */
  text?: string;
  /** The text in these pieces when streamed (default: words). */
  chunks?: string[];
  /** Before any byte of the answer. */
  delayMs?: number;
  /** Between streamed pieces. */
  chunkDelayMs?: number;
  /** Answer with this status and an error body instead (429, 500...). */
  status?: number;
  /** The error body's message, with a status. */
  errorMessage?: string;
  /** Streamed: send this many pieces, then cut the connection without ending the answer. */
  dropAfter?: number;
  /** Whole answer of this many bytes of text (a 50 MB answer), sent in 64 kB writes. */
  hugeBytes?: number;
  /** Redirect (302) there instead of answering. */
  redirectTo?: string;
  /** Streamed: keep sending a piece every chunkDelayMs until the client goes away. */
  endless?: boolean;
  usage?: { input: number; output: number };
}

/** A request the stand-in received, for tests to look at. */
export interface SeenRequest {
  api: "openai" | "anthropic";
  path: string;
  method: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown> | null;
  prompt: string;
  stream: boolean;
  /** Resolves when the request's connection closed, saying whether the answer had ended first. */
  closed: Promise<{ finished: boolean }>;
}

export type Script = (request: SeenRequest) => Reply;

export const standInModels = ["stand-in-small", "stand-in-large"];

export async function startModelServer(options: { script?: Script; port?: number } = {}) {
  let script: Script = options.script ?? (() => ({}));
  const seen: SeenRequest[] = [];
  const waiting: ((request: SeenRequest) => void)[] = [];
  const server = createServer((request, response) => {
    void handle(request, response).catch(() => response.destroy());
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const api = request.headers["anthropic-version"] ? "anthropic" : "openai";
    const body = await readBody(request);
    const messages = (body?.messages ?? []) as { content?: unknown }[];
    const prompt = messages.map((message) => contentText(message.content)).join("\n");
    let finished = false;
    const closed = once(response, "close").then(() => ({ finished }));
    const seenRequest: SeenRequest = {
      api,
      path: request.url ?? "",
      method: request.method ?? "",
      headers: request.headers,
      body,
      prompt,
      stream: body?.stream === true,
      closed,
    };
    seen.push(seenRequest);
    for (const wake of waiting.splice(0)) wake(seenRequest);
    const reply = script(seenRequest);
    if (reply.delayMs) await sleep(reply.delayMs);
    if (reply.redirectTo) {
      response.writeHead(302, { location: reply.redirectTo }).end();
      finished = true;
      return;
    }
    if (reply.status) {
      sendError(response, api, reply.status, reply.errorMessage);
      finished = true;
      return;
    }
    const path = (request.url ?? "").split("?")[0];
    if (request.method === "GET" && path === "/v1/models") {
      sendJson(response, api === "anthropic" ? anthropicModels() : openAiModels());
    } else if (request.method === "POST" && path === "/v1/chat/completions" && api === "openai") {
      await answer(response, "openai", seenRequest, reply);
    } else if (request.method === "POST" && path === "/v1/messages" && api === "anthropic") {
      await answer(response, "anthropic", seenRequest, reply);
    } else {
      sendJson(response, { error: { message: `No route ${request.method} ${path}` } }, 404);
    }
    finished = response.writableFinished || response.writableEnded;
  }

  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** The base URL an OpenAI-compatible connection takes. */
    openAiUrl: `${origin}/v1`,
    /** The base URL an Anthropic connection takes (its SDK adds /v1). */
    anthropicUrl: origin,
    seen,
    /** Answers every request from now on by this script. */
    answer(next: Script) {
      script = next;
    },
    /** The next request to arrive. */
    nextRequest(): Promise<SeenRequest> {
      return new Promise((resolve) => waiting.push(resolve));
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

export type ModelServer = Awaited<ReturnType<typeof startModelServer>>;

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => (part as { text?: string }).text ?? "").join("");
  }
  return "";
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString("utf8");
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sendJson(response: ServerResponse, value: unknown, status = 200) {
  const body = JSON.stringify(value);
  response
    .writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    })
    .end(body);
}

function sendError(
  response: ServerResponse,
  api: "openai" | "anthropic",
  status: number,
  said?: string,
) {
  const message =
    said ?? (status === 429 ? "Rate limit reached, slow down" : `Stand-in failure ${status}`);
  sendJson(
    response,
    api === "anthropic"
      ? {
          type: "error",
          error: { type: status === 429 ? "rate_limit_error" : "api_error", message },
        }
      : { error: { message, type: "server_error", code: null } },
    status,
  );
}

function openAiModels() {
  return {
    object: "list",
    data: standInModels.map((id) => ({
      id,
      object: "model",
      created: 1_700_000_000,
      owned_by: "stand-in",
    })),
  };
}

function anthropicModels() {
  return {
    data: standInModels.map((id) => ({
      id,
      type: "model",
      display_name: id,
      created_at: "2026-01-01T00:00:00Z",
    })),
    has_more: false,
    first_id: standInModels[0],
    last_id: standInModels.at(-1),
  };
}

function wordsOf(text: string) {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

async function answer(
  response: ServerResponse,
  api: "openai" | "anthropic",
  request: SeenRequest,
  reply: Reply,
) {
  const model = String(request.body?.model ?? "stand-in-small");
  const text = reply.text ?? `Echo: ${request.prompt}`;
  const usage = reply.usage ?? {
    input: wordsOf(request.prompt).length,
    output: wordsOf(text).length,
  };
  if (reply.hugeBytes) {
    await sendHuge(response, api, model, reply.hugeBytes);
    return;
  }
  if (!request.stream) {
    sendJson(
      response,
      api === "anthropic"
        ? {
            id: "msg_standin",
            type: "message",
            role: "assistant",
            model,
            content: [{ type: "text", text }],
            stop_reason: "end_turn",
            stop_sequence: null,
            usage: { input_tokens: usage.input, output_tokens: usage.output },
          }
        : {
            id: "chatcmpl-standin",
            object: "chat.completion",
            created: 1_700_000_000,
            model,
            choices: [
              { index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" },
            ],
            usage: {
              prompt_tokens: usage.input,
              completion_tokens: usage.output,
              total_tokens: usage.input + usage.output,
            },
          },
    );
    return;
  }
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  response.flushHeaders();
  const event = (name: string, data: unknown) =>
    response.write(
      api === "anthropic"
        ? `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`
        : `data: ${JSON.stringify(data)}\n\n`,
    );
  const openAiChunk = (delta: Record<string, unknown>, finish: string | null, extra = {}) => ({
    id: "chatcmpl-standin",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
  if (api === "anthropic") {
    event("message_start", {
      type: "message_start",
      message: {
        id: "msg_standin",
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: 1 },
      },
    });
    event("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "text", text: "" },
    });
  } else {
    event("", openAiChunk({ role: "assistant", content: "" }, null));
  }
  const pieces = reply.chunks ?? wordsOf(text);
  let sent = 0;
  for (let index = 0; reply.endless || index < pieces.length; index++) {
    if (response.destroyed) return;
    if (reply.dropAfter !== undefined && sent >= reply.dropAfter) {
      // What was written reaches the client first; then the connection is cut mid-answer.
      const socket = response.socket;
      await new Promise((resolve) => socket?.write("", resolve));
      socket?.destroy();
      return;
    }
    const piece = reply.endless ? `${index} ` : (pieces[index] ?? "");
    if (api === "anthropic") {
      event("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: piece },
      });
    } else {
      event("", openAiChunk({ content: piece }, null));
    }
    sent++;
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
  }
  if (api === "anthropic") {
    event("content_block_stop", { type: "content_block_stop", index: 0 });
    event("message_delta", {
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: usage.output },
    });
    event("message_stop", { type: "message_stop" });
  } else {
    event("", openAiChunk({}, "stop"));
    event(
      "",
      openAiChunk({}, null, {
        choices: [],
        usage: {
          prompt_tokens: usage.input,
          completion_tokens: usage.output,
          total_tokens: usage.input + usage.output,
        },
      }),
    );
    response.write("data: [DONE]\n\n");
  }
  response.end();
}

/** A whole answer far past any sensible limit, written as the client reads it. */
async function sendHuge(
  response: ServerResponse,
  api: "openai" | "anthropic",
  model: string,
  bytes: number,
) {
  const head =
    api === "anthropic"
      ? `{"id":"msg_standin","type":"message","role":"assistant","model":"${model}","content":[{"type":"text","text":"`
      : `{"id":"chatcmpl-standin","object":"chat.completion","created":1,"model":"${model}","choices":[{"index":0,"message":{"role":"assistant","content":"`;
  const tail =
    api === "anthropic"
      ? `"}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}`
      : `"},"finish_reason":"stop"}]}`;
  response.writeHead(200, { "content-type": "application/json" });
  response.write(head);
  const block = "x".repeat(65_536);
  for (let written = 0; written < bytes; written += block.length) {
    if (response.destroyed) return;
    if (!response.write(block)) {
      // Each wait takes its listeners off again, whichever event came first.
      const waited = new AbortController();
      const { signal } = waited;
      const drained = await Promise.race([
        once(response, "drain", { signal }).then(
          () => true,
          () => false,
        ),
        once(response, "close", { signal }).then(
          () => false,
          () => false,
        ),
      ]);
      waited.abort();
      if (!drained) return;
    }
  }
  response.end(tail);
}
