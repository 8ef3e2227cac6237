import { createRoute, z } from "@hono/zod-openapi";
import type { Database } from "../../db/client.ts";
import { readHistory, readVersion } from "../../versions/history.ts";
import { findLeftBehind } from "../../versions/left-behind.ts";
import { purgeVersion } from "../../versions/purge-version.ts";
import { restoreVersion } from "../../versions/restore-version.ts";
import { applyUpstream, readUpstream } from "../../versions/upstream.ts";
import { apiRouter, jsonAnswer, jsonBody, refusals } from "./openapi.ts";
import { history, leftBehind, prompt, upstream, version } from "./shapes.ts";

const tags = ["Versions"];

/** A version number in a path; anything else names no version. */
const versionNumber = z.coerce.number().int().min(1).max(2_147_483_647);

const promptId = z.object({ id: z.string() });
const versionOfPrompt = z.object({ id: z.string(), n: versionNumber });
const seen = {
  unauthenticated: "Not signed in.",
  not_found: "No such prompt you can see (`prompt_not_found`).",
};
const editable = {
  ...seen,
  forbidden: "A prompt you may not edit (`prompt_not_own`).",
};
const badNumber = "`n` is not a positive whole number.";
const choice = jsonBody(
  z.object({
    take: z.enum(["original", "mine"]),
    /** The original's version the person saw when choosing. */
    version: versionNumber.describe("The original's version you saw when choosing."),
  }),
  "Take the original's text as a new version of your copy (`original`), or keep yours (`mine`).",
);

const list = createRoute({
  method: "get",
  path: "/{id}/versions",
  tags,
  summary: "A prompt's history",
  description:
    "Its versions newest first, the current one first of all, for anyone who can see the prompt now. Versions before `oldestKept` were merged away.",
  request: { params: promptId },
  responses: { 200: jsonAnswer(history, "The history."), ...refusals(seen) },
});

const leftBehindRoute = createRoute({
  method: "get",
  path: "/{id}/versions/left-behind",
  tags,
  summary: "Earlier versions holding what an edit took out",
  description:
    "The earlier versions (not purged) still holding a secret or piece of personal data that the current version no longer has, with the privacy check's findings (masked); whoever may edit the prompt. The privacy dialog offers to purge them after an edit takes a finding out.",
  request: { params: promptId },
  responses: {
    200: jsonAnswer(leftBehind, "The versions, and what each holds."),
    ...refusals(editable),
  },
});

const read = createRoute({
  method: "get",
  path: "/{id}/versions/{n}",
  tags,
  summary: "One version, with its whole text",
  request: { params: versionOfPrompt },
  responses: {
    200: jsonAnswer(version, "The version (empty text for a purged one)."),
    ...refusals({
      ...seen,
      invalid_input: badNumber,
      not_found: "No such prompt you can see, or no such version (`version_not_found`).",
    }),
  },
});

const purge = createRoute({
  method: "delete",
  path: "/{id}/versions/{n}",
  tags,
  summary: "Purge an earlier version, for good",
  description:
    "Its title, use case, text and note are emptied everywhere (history, version reads, the public page and its kept and stored copies, exports, later backups); the history keeps its number, author and date, and who purged it and when. Whoever may edit the prompt; purging a purged version again changes nothing. Saved copies others took before are theirs and keep their text.",
  request: { params: versionOfPrompt },
  responses: {
    204: { description: "Purged." },
    ...refusals({
      ...editable,
      invalid_input: badNumber,
      not_found: "No such prompt you can see, or no such version (`version_not_found`).",
      conflict: "The current version (`version_current`): edit the prompt instead.",
    }),
  },
});

const restore = createRoute({
  method: "post",
  path: "/{id}/versions/{n}/restore",
  tags,
  summary: "Restore an earlier version",
  description:
    "The prompt's text and use case become version `n`'s again, as a new version (`restoredFrom: n`); whoever may edit the prompt.",
  request: { params: versionOfPrompt },
  responses: {
    200: jsonAnswer(prompt, "The prompt, restored."),
    ...refusals({
      ...editable,
      invalid_input: badNumber,
      not_found: "No such prompt you can see, or no such version (`version_not_found`).",
      conflict: "A purged version (`version_purged`): nothing is left to restore.",
    }),
  },
});

const readUpstreamRoute = createRoute({
  method: "get",
  path: "/{id}/upstream",
  tags,
  summary: "Your saved copy against its original",
  description:
    "The original's version you took (`from`, null once merged away or purged), the original now (`current`) and whether your copy changed since.",
  request: { params: promptId },
  responses: {
    200: jsonAnswer(upstream, "The copy and its original."),
    ...refusals({
      unauthenticated: "Not signed in.",
      not_found:
        "The prompt is no copy, or its original is gone or no longer visible to you (`original_not_found`).",
    }),
  },
});

const applyUpstreamRoute = createRoute({
  method: "post",
  path: "/{id}/upstream",
  tags,
  summary: "Bring your saved copy up to date",
  description: "Either way, your copy then counts as up to date with the original's `version`.",
  middleware: [choice.read] as const,
  request: { params: promptId, body: choice.request },
  responses: {
    200: jsonAnswer(prompt, "Your copy."),
    ...refusals({
      ...editable,
      invalid_input: "A bad choice or version.",
      not_found: "No such copy, or no original you can see (`original_not_found`).",
      conflict: "The original has moved past `version` since you looked (`original_changed`).",
    }),
  },
});

/**
 * /api/v1/prompts/:id/versions and /upstream: a prompt's history (DELETE of a version purges
 * it; left-behind names the versions holding what the last edits took out) and a copy's original.
 */
export function versionRoutes(db: Database) {
  return apiRouter()
    .openapi(list, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await readHistory({ db, viewer: await c.get("viewer")(), id }), 200);
    })
    .openapi(leftBehindRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await findLeftBehind({ db, viewer: await c.get("viewer")(), id }), 200);
    })
    .openapi(read, async (c) => {
      const viewer = await c.get("viewer")();
      const { id, n: number } = c.req.valid("param");
      return c.json(await readVersion({ db, viewer, id, number }), 200);
    })
    .openapi(purge, async (c) => {
      const viewer = await c.get("viewer")();
      const { id, n: number } = c.req.valid("param");
      await purgeVersion({ db, viewer, id, number });
      return c.body(null, 204);
    })
    .openapi(restore, async (c) => {
      const viewer = await c.get("viewer")();
      const { id, n: number } = c.req.valid("param");
      return c.json(await restoreVersion({ db, viewer, id, number }), 200);
    })
    .openapi(readUpstreamRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await readUpstream({ db, viewer: await c.get("viewer")(), id }), 200);
    })
    .openapi(applyUpstreamRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      const { take, version } = c.get("body");
      return c.json(await applyUpstream({ db, viewer, id, take, seen: version }), 200);
    });
}
