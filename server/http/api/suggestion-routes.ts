import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import {
  pendingSuggestionsPerPrompt,
  suggestionNoteMaxLength,
  suggestionStatuses,
} from "../../../shared/suggestions.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { acceptInput, suggestionInput } from "../../teams/suggestion-input.ts";
import {
  acceptSuggestion,
  declineSuggestion,
  listSuggestions,
  suggestChange,
} from "../../teams/suggestions.ts";
import { parseInput } from "../../validation.ts";
import { apiRouter, jsonAnswer, jsonBody, refusals } from "./openapi.ts";
import { id, timestamp, versionNumber } from "./shapes.ts";

const tags = ["Teams"];
const promptId = z.object({ id: z.string() });
const suggestionPath = z.object({ id: z.string(), suggestionId: z.string() });
const person = z.object({ id, name: z.string() });

const suggestion = z
  .object({
    id,
    promptId: id,
    promptText: z.string(),
    note: z.string().nullable(),
    author: person.nullable().describe("Who suggested it; null once their account is deleted."),
    status: z.enum(suggestionStatuses),
    createdAt: timestamp,
    baseVersion: versionNumber.describe("The prompt's version when it was suggested."),
    decidedBy: person.nullable().describe("Who accepted or declined it; null while pending."),
    decidedAt: timestamp.nullable(),
    acceptedVersion: versionNumber
      .nullable()
      .describe("Accepted: the prompt's version once its text was applied."),
  })
  .openapi("Suggestion", { description: "A change a team's member suggested to its prompt." });

const accepted = suggestion
  .extend({
    promptChangedSince: z
      .boolean()
      .describe(
        "The prompt had moved past `baseVersion` when it was accepted: the suggested text replaced the newer version all the same.",
      ),
  })
  .openapi("AcceptedSuggestion");

const seen = {
  unauthenticated: "Not signed in.",
  not_found:
    "No such prompt you can see (`prompt_not_found`): a team's prompt to anyone outside it.",
};
const members = {
  ...seen,
  forbidden:
    "Not a team's prompt (`suggestions_team_only`), or a team's shared prompt and you are not in the team (`team_role`).",
};
const deciders = {
  ...seen,
  forbidden: "You view the team's prompts but do not edit them (`team_role`).",
  not_found:
    "No such prompt you can see (`prompt_not_found`), or no such suggestion on it (`suggestion_not_found`).",
  conflict: "Accepted or declined already (`suggestion_decided`).",
};

const suggested = jsonBody(
  suggestionInput,
  `The text you suggest (not blank, at most 200,000 characters) and an optional note on it (at most ${suggestionNoteMaxLength} characters).`,
);
const confirming = jsonBody(
  acceptInput,
  "Optional. `confirm: true` accepts into a shared prompt text the privacy check found something in.",
);

/** The body accepting may carry, or none at all. */
const readAccept: MiddlewareHandler<{ Variables: { body: z.infer<typeof acceptInput> } }> = async (
  c,
  next,
) => {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw new AppError("invalid_input", "The request body must be JSON", "body_not_json");
    }
  }
  c.set("body", parseInput(acceptInput, value));
  await next();
};

const create = createRoute({
  method: "post",
  path: "/{id}/suggestions",
  tags,
  summary: "Suggest a change to a team's prompt",
  description: `Any member of the prompt's team, viewers too. It waits, pending, until an editor or owner accepts or declines it; at most ${pendingSuggestionsPerPrompt} wait on a prompt. Only a team's prompts take suggestions.`,
  middleware: [suggested.read] as const,
  request: { params: promptId, body: suggested.request },
  responses: {
    201: jsonAnswer(suggestion, "The suggestion, pending."),
    ...refusals({
      ...members,
      invalid_input: "Blank or too long text (`prompt_too_long`), or too long a note.",
      payload_too_large: `${pendingSuggestionsPerPrompt} suggestions wait on the prompt already (\`suggestion_limit\`).`,
    }),
  },
});

const list = createRoute({
  method: "get",
  path: "/{id}/suggestions",
  tags,
  summary: "A team prompt's suggestions",
  description:
    "Editors and owners see every pending suggestion; anyone, their own, whatever became of them. Pending first, then newest first; at most 100.",
  request: { params: promptId },
  responses: {
    200: jsonAnswer(z.object({ items: z.array(suggestion) }), "The suggestions."),
    ...refusals(members),
  },
});

const accept = createRoute({
  method: "post",
  path: "/{id}/suggestions/{suggestionId}/accept",
  tags,
  summary: "Accept a suggestion",
  description:
    "Editors and owners. Its text becomes the prompt's next version, written by the member who suggested it (the version's author; whoever accepts, once that account is gone), its note the version's note (cut to 200 characters). Text suggested before a later edit replaces that edit all the same (`promptChangedSince`); text the prompt already has makes no new version. Two accepting at once make one version: the second is refused.",
  middleware: [readAccept] as const,
  request: { params: suggestionPath, body: { ...confirming.request, required: false } },
  responses: {
    200: jsonAnswer(accepted, "The suggestion, accepted, and the version it made."),
    ...refusals({
      ...deciders,
      invalid_input: "A body that is not JSON, or `confirm` not a boolean.",
      needs_confirmation:
        "A shared prompt, and the privacy check found secrets or personal data in the text or note (`privacy_findings`, with `findings`): send `confirm: true` to accept anyway.",
    }),
  },
});

const decline = createRoute({
  method: "post",
  path: "/{id}/suggestions/{suggestionId}/decline",
  tags,
  summary: "Decline a suggestion",
  description: "Editors and owners. The prompt stays as it is.",
  request: { params: suggestionPath },
  responses: {
    200: jsonAnswer(suggestion, "The suggestion, declined."),
    ...refusals(deciders),
  },
});

/** /api/v1/prompts/:id/suggestions: changes a team's members suggest to its prompts. */
export function suggestionRoutes(db: Database) {
  return apiRouter()
    .openapi(create, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      return c.json(await suggestChange({ db, viewer, id, ...c.get("body") }), 201);
    })
    .openapi(list, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await listSuggestions({ db, viewer: await c.get("viewer")(), id }), 200);
    })
    .openapi(accept, async (c) => {
      const viewer = await c.get("viewer")();
      const { id, suggestionId } = c.req.valid("param");
      const { confirm } = c.get("body");
      return c.json(await acceptSuggestion({ db, viewer, id, suggestionId, confirm }), 200);
    })
    .openapi(decline, async (c) => {
      const viewer = await c.get("viewer")();
      const { id, suggestionId } = c.req.valid("param");
      return c.json(await declineSuggestion({ db, viewer, id, suggestionId }), 200);
    });
}
