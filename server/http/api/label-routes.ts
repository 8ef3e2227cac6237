import { createRoute, z } from "@hono/zod-openapi";
import { labelsPerPrompt } from "../../../shared/labels.ts";
import type { Database } from "../../db/client.ts";
import { labelInput, labelName } from "../../versions/label-input.ts";
import { listLabels, removeLabel, setLabel } from "../../versions/version-labels.ts";
import { apiRouter, jsonAnswer, jsonBody, refusals } from "./openapi.ts";
import { id, timestamp, versionNumber } from "./shapes.ts";

const tags = ["Versions"];

const promptId = z.object({ id: z.string() });
const labelPath = z.object({ id: z.string(), label: labelName });
const seen = {
  unauthenticated: "Not signed in.",
  not_found: "No such prompt you can see (`prompt_not_found`).",
};
const editable = {
  ...seen,
  forbidden:
    "A prompt you may not edit: another's (`prompt_not_own`), or a team's you view (`team_role`).",
};

export const promptLabel = z
  .object({
    label: z.string(),
    version: versionNumber.describe("The version it points at, as the history numbers them."),
    movedAt: timestamp,
    movedBy: z
      .object({ id, name: z.string() })
      .nullable()
      .describe("Who set it where it is; null once their account is deleted."),
  })
  .openapi("PromptLabel");

const pointed = jsonBody(
  labelInput,
  "The version the label points at: the current one or an earlier one kept, not purged.",
);

const list = createRoute({
  method: "get",
  path: "/{id}/labels",
  tags,
  summary: "A prompt's labels",
  description: "By name, for anyone who can see the prompt.",
  request: { params: promptId },
  responses: {
    200: jsonAnswer(z.object({ items: z.array(promptLabel) }), "The labels."),
    ...refusals(seen),
  },
});

const put = createRoute({
  method: "put",
  path: "/{id}/labels/{label}",
  tags,
  summary: "Point a label at a version",
  description: `Sets the label, or moves it from the version it pointed at, in one request; whoever may edit the prompt (a team's editors and owners). At most ${labelsPerPrompt} labels a prompt. \`GET /api/v1/prompts/{id}?label=\` then reads that version. A label goes with its version when that is purged or merged away. A team's log records it (\`prompt_labelled\`).`,
  middleware: [pointed.read] as const,
  request: { params: labelPath, body: pointed.request },
  responses: {
    200: jsonAnswer(promptLabel, "The label, where it points now."),
    ...refusals({
      ...editable,
      invalid_input: "A bad label name or version number.",
      not_found:
        "No such prompt you can see (`prompt_not_found`), or no such version (`version_not_found`).",
      conflict: "A purged version (`version_purged`).",
      payload_too_large: `The prompt carries ${labelsPerPrompt} labels already (\`label_limit\`).`,
    }),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/{id}/labels/{label}",
  tags,
  summary: "Remove a label",
  description: "Whoever may edit the prompt. A team's log records it (`prompt_unlabelled`).",
  request: { params: labelPath },
  responses: {
    204: { description: "Removed." },
    ...refusals({
      ...editable,
      invalid_input: "A bad label name.",
      not_found:
        "No such prompt you can see (`prompt_not_found`), or no such label on it (`label_not_found`).",
    }),
  },
});

/** /api/v1/prompts/:id/labels: a prompt's version labels. */
export function labelRoutes(db: Database) {
  return apiRouter()
    .openapi(list, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await listLabels({ db, viewer: await c.get("viewer")(), id }), 200);
    })
    .openapi(put, async (c) => {
      const viewer = await c.get("viewer")();
      const { id, label } = c.req.valid("param");
      const { version } = c.get("body");
      return c.json(await setLabel({ db, viewer, id, label, version }), 200);
    })
    .openapi(remove, async (c) => {
      const { id, label } = c.req.valid("param");
      await removeLabel({ db, viewer: await c.get("viewer")(), id, label });
      return c.body(null, 204);
    });
}
