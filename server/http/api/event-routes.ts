import { createRoute, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { type CookieNames, readCookie } from "../../auth/cookies.ts";
import { sha256 } from "../../auth/tokens.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { ChangeFeed } from "../../live/change-feed.ts";
import { watchStreamSession } from "../../live/stream-session.ts";
import { createStreamSlots, type SlotRefusal } from "../../live/stream-slots.ts";
import { requireViewer } from "../../prompts/prompt-access.ts";
import { clientAddress } from "../../security/client-address.ts";
import { bearerToken } from "../bearer-access.ts";
import { apiRouter, refusals } from "./openapi.ts";
import { promptChange } from "./shapes.ts";

const heartbeatMs = 25_000;
/** Changes a stream may hold unsent; past it, the stream ends. */
const backlogLimit = 1_000;

const stream = createRoute({
  method: "get",
  path: "/",
  tags: ["Live updates"],
  summary: "Changes to shared prompts, as they happen",
  description: `A server-sent event stream: a \`ready\` event, then a \`prompt\` event for each shared prompt
created, updated or deleted, its data a \`PromptChange\`, and a comment every 25 seconds to keep the
connection open. Browsers reconnect by themselves after a drop. A stream ends when its session
(or token) ends, or when 1,000 changes wait unread for its client. At most
\`EVENT_STREAMS_PER_PERSON\` open per person and \`EVENT_STREAMS_PER_ADDRESS\` per client address,
per instance.`,
  responses: {
    200: {
      description: "The stream.",
      content: { "text/event-stream": { schema: z.string() } },
    },
    ...refusals({
      unauthenticated: "Not signed in.",
      not_found: "This server has no live updates.",
      rate_limited: "Too many streams open already.",
    }),
  },
});

/**
 * GET /api/v1/events: a server-sent event stream of changes to shared prompts, for the open
 * community and topic lists. Browsers reconnect by themselves after a drop. Each person, and each
 * client address, may hold only so many streams open; a stream ends with its session.
 */
export function eventRoutes(options: {
  /** Without it (a test app), there is no such route. */
  feed?: ChangeFeed;
  db: Database;
  cookies: CookieNames;
  limits: { eventStreamsPerPerson: number; eventStreamsPerAddress: number };
  trustedProxies: number;
}) {
  const { feed } = options;
  const slots = createStreamSlots({
    perPerson: options.limits.eventStreamsPerPerson,
    perAddress: options.limits.eventStreamsPerAddress,
  });
  const routes = apiRouter();
  // What each `prompt` event carries, named in the reference.
  routes.openAPIRegistry.register("PromptChange", promptChange);
  return routes.openapi(stream, async (c) => {
    if (!feed) throw new AppError("not_found", "No such API route");
    const viewer = requireViewer(await c.get("viewer")());
    // A viewer comes from an access token (bearer-access.ts) or else the session cookie.
    const token =
      (c.get("byToken") ? bearerToken(c.req.header("authorization")) : undefined) ??
      readCookie(c.req.header("cookie"), options.cookies.session) ??
      "";
    const slot = slots.take(viewer.userId, clientAddress(c, options.trustedProxies));
    if (!slot.ok) throw new AppError("rate_limited", refusal(slot));
    return streamSSE(c, async (stream) => {
      const queue: string[] = [];
      let ended = false;
      let wake: (() => void) | null = null;
      const finish = () => {
        ended = true;
        wake?.();
      };
      const unsubscribe = feed.subscribe((change) => {
        // A client that stopped reading is let go before its backlog grows without bound;
        // a browser that is still there reconnects by itself.
        if (change && queue.length < backlogLimit) queue.push(JSON.stringify(change));
        else ended = true;
        wake?.();
      });
      const unwatch = watchStreamSession({
        db: options.db,
        feed,
        tokenHash: sha256(token),
        onEnd: finish,
      });
      const heartbeat = setInterval(() => wake?.(), heartbeatMs);
      stream.onAbort(() => wake?.());
      try {
        await stream.writeSSE({ event: "ready", data: "{}", retry: 1000 });
        while (!stream.aborted && !ended) {
          const next = queue.shift();
          if (next) {
            await stream.writeSSE({ event: "prompt", data: next });
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
          if (queue.length === 0 && !stream.aborted && !ended)
            await stream.write(": keep-alive\n\n");
        }
      } finally {
        clearInterval(heartbeat);
        unwatch();
        unsubscribe();
        slot.release();
      }
    });
  });
}

function refusal(slot: SlotRefusal) {
  const who = slot.over === "person" ? "You have" : "Your network address has";
  return `${who} ${slot.limit} live update streams open already, the most allowed. Close a PromptShelf tab or window and try again.`;
}
