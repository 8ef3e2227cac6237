import { createRoute, z } from "@hono/zod-openapi";
import type { Database } from "../../db/client.ts";
import { starPrompt, unstarPrompt } from "../../favourites/star-prompt.ts";
import { filePrompt } from "../../folders/file-prompt.ts";
import { fileInput } from "../../folders/folder-input.ts";
import { createPrompt } from "../../prompts/create-prompt.ts";
import { deletePrompt } from "../../prompts/delete-prompt.ts";
import { findSimilarPrompt } from "../../prompts/find-similar-prompt.ts";
import { getPrompt } from "../../prompts/get-prompt.ts";
import { listPrompts } from "../../prompts/list-prompts.ts";
import { movePrompt } from "../../prompts/move-prompt.ts";
import { pinPrompt, pinsPerPerson } from "../../prompts/pin-prompt.ts";
import {
  createPromptInput,
  listPromptsQuery,
  pinInput,
  positionInput,
  readPromptQuery,
  tagName,
  updatePromptInput,
} from "../../prompts/prompt-input.ts";
import { recordCopy } from "../../prompts/record-copy.ts";
import { saveToLibrary } from "../../prompts/save-to-library.ts";
import { wholeSearchMatch } from "../../prompts/search-match.ts";
import { updatePrompt } from "../../prompts/update-prompt.ts";
import { tagPrompt, untagPrompt } from "../../tags/tag-prompt.ts";
import { labelName } from "../../versions/label-input.ts";
import { getPromptAtLabel } from "../../versions/version-labels.ts";
import { apiRouter, jsonAnswer, jsonBody, queryOf, refusals } from "./openapi.ts";
import { prompt, promptPage, savedPrompt } from "./shapes.ts";

const tags = ["Prompts"];
const promptId = z.object({ id: z.string() });
const signedIn = { unauthenticated: "Not signed in." };
const notFound =
  "No such prompt you can see (`prompt_not_found`): another person's personal prompt is not found either.";
const seen = { ...signedIn, not_found: notFound };
const yours = { ...seen, forbidden: "Not yours (`prompt_not_own`)." };
/** Pins and the manual order: one's own prompts, and a team's for its editors. */
const arrangers = {
  ...seen,
  forbidden: "Not yours (`prompt_not_own`), or a team's you do not edit (`team_role`).",
};
const privacy = {
  needs_confirmation:
    "Sharing, the privacy check found secrets or personal data (`privacy_findings`, with `findings`): nothing is saved; send `confirm: true` to share anyway.",
};
const described = listPromptsQuery.shape;
const listQuery = listPromptsQuery.extend({
  scope: described.scope.describe(
    "`personal`: yours not shared; `community`: every shared prompt; `favourites`: everything you starred, newest star first; `team`: the library of the team `team` names; `teams`: the prompts of every team you are in; `all`: administrators only (others get 403).",
  ),
  q: described.q.describe("Matches text, category and description, in any case."),
  folder: described.folder.describe("Your prompts filed in this folder of yours."),
  tag: described.tag.describe("Repeat for several: all must match. Your own tags only."),
  starred: described.starred.describe("`1`: only prompts you starred."),
  sort: described.sort.describe(
    "`relevance` ranks a search, best match first (a search reaching the community ranks its newest 240 matches); without `q` it is newest first. `manual`: the order you set (`PUT /{id}/position`), in your own library and folders; elsewhere newest first. Your own library and folders, without `q`, list your pinned prompts first (the first page carries them all) in whichever order.",
  ),
  cursor: described.cursor.describe("The `nextCursor` of the page before."),
  owner: described.owner.describe(
    "Administrators listing `scope=all`: owners whose email contains this, in any case; from anyone else 403.",
  ),
  visibility: described.visibility.describe(
    "Administrators listing `scope=all`: shared or private prompts alone; from anyone else 403.",
  ),
});
const created = jsonBody(
  createPromptInput,
  "The text (not blank, at most 200,000 characters), a use case (its title and category; longer than 35 characters is cut), an optional description (plain text, at most 500 characters), whether to share it, and `confirm` to share what the privacy check found something in.",
);
const edited = jsonBody(
  updatePromptInput,
  "A new text, use case, description (at most 500 characters; empty or null removes it) or several, with an optional note on the change (at most 200 characters). The description is not versioned.",
);
const filed = jsonBody(fileInput, "One of your folders, or null for none.");
const pinBody = jsonBody(pinInput, "`true` pins it, `false` unpins it.");
const placed = jsonBody(
  positionInput,
  "Ids of your own prompts: `before` (it goes just before this one), `after` (just after this one), or both (between them; `after` must come first).",
);
const tagged = jsonBody(z.object({ name: tagName }), "The tag: at most 32 characters.");
const similar =
  "`similar` is the prompt in your own library most like it (pg_trgm similarity of the first 500 characters at least 0.7, among your newest 500 prompts), or null: a warning only, never a refusal.";

const list = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "List prompts",
  description:
    "A page of prompts, newest first unless `sort` says otherwise, 24 by default (at most 100); each carries an excerpt of its text. Folders, tags and stars are private: filters by them only ever reach your own prompts.",
  request: { query: queryOf(listQuery, ["tag"]) },
  responses: {
    200: jsonAnswer(promptPage, "The page, and the cursor of the next."),
    ...refusals({
      ...signedIn,
      invalid_input: "A bad parameter, named (`cursor: …`); an unknown cursor is `cursor_unknown`.",
      forbidden: "`scope=all`, `owner` or `visibility` from someone not an administrator.",
    }),
  },
});

const create = createRoute({
  method: "post",
  path: "/",
  tags,
  summary: "Add a prompt",
  description: `Personal, or shared with the community. ${similar}`,
  middleware: [created.read] as const,
  request: { body: created.request },
  responses: {
    201: jsonAnswer(savedPrompt, "The prompt, whole, and `similar`."),
    ...refusals({
      ...signedIn,
      ...privacy,
      invalid_input:
        "Blank text (`prompt_content_missing`), too long (`prompt_too_long`), or a bad field.",
      payload_too_large:
        "Your library is full (`PROMPT_LIMIT`, `LIBRARY_SIZE_LIMIT`); the message names the limit.",
    }),
  },
});

const readQuery = readPromptQuery.extend({
  label: labelName
    .optional()
    .describe(
      "Read the version this label points at (`PUT /{id}/labels/{label}`): its text, title, use case and `version` number; the rest is the prompt's.",
    ),
});

const read = createRoute({
  method: "get",
  path: "/{id}",
  tags,
  summary: "One prompt, whole",
  description:
    "If it is shared or yours (administrators: any). Asked with `q`, it says where the term lies (`match`, null when it does not match). Asked with `label`, it is the version the label points at.",
  request: { params: promptId, query: queryOf(readQuery) },
  responses: {
    200: jsonAnswer(prompt, "The prompt, with its whole text."),
    ...refusals({
      invalid_input: "`q` is too long, or `label` is no label's name.",
      not_found: `${notFound} With \`label\`, a label the prompt does not carry is \`label_not_found\`.`,
    }),
  },
});

const update = createRoute({
  method: "patch",
  path: "/{id}",
  tags,
  summary: "Edit a prompt",
  description: `Yours, or any for administrators; shared stays as it was. A change to the text or use case makes a new version (\`version\` goes up; the note is kept with it); a change to neither makes none. A shared prompt's new text, use case and note pass the privacy check, as a new shared prompt's do. ${similar} (Sent when the text was.)`,
  middleware: [edited.read] as const,
  request: { params: promptId, body: edited.request },
  responses: {
    200: jsonAnswer(savedPrompt, "The prompt, whole, and `similar`."),
    ...refusals({
      ...yours,
      ...privacy,
      invalid_input: "Nothing to change, blank or too long text, or a bad note.",
      payload_too_large: "Your library's text would pass `LIBRARY_SIZE_LIMIT`.",
    }),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/{id}",
  tags,
  summary: "Delete a prompt",
  description: "Yours, or any for administrators.",
  request: { params: promptId },
  responses: { 204: { description: "Deleted." }, ...refusals(yours) },
});

const file = createRoute({
  method: "put",
  path: "/{id}/folder",
  tags,
  summary: "File a prompt in a folder",
  description: "Your own prompt, in one of your folders (`null`: no folder).",
  middleware: [filed.read] as const,
  request: { params: promptId, body: filed.request },
  responses: {
    204: { description: "Filed." },
    ...refusals({
      ...yours,
      invalid_input: "`folderId` is not an id.",
      not_found: `${notFound} A folder not yours is \`folder_not_found\`.`,
    }),
  },
});

const pin = createRoute({
  method: "put",
  path: "/{id}/pin",
  tags,
  summary: "Pin or unpin a prompt",
  description: `Your own prompt, shown first in your library and its folder; or, for a team's editors, a team's prompt, shown first in the team's library. At most ${pinsPerPerson} pinned in a library.`,
  middleware: [pinBody.read] as const,
  request: { params: promptId, body: pinBody.request },
  responses: {
    204: { description: "Pinned or unpinned." },
    ...refusals({
      ...arrangers,
      invalid_input: `\`pinned\` is not a boolean, or ${pinsPerPerson} are pinned already.`,
    }),
  },
});

const position = createRoute({
  method: "put",
  path: "/{id}/position",
  tags,
  summary: "Move a prompt in your manual order",
  description:
    "Your own prompt, next to others of yours: the `manual` sort of your library and folders shows it there; or, for a team's editors, a team's prompt next to others of the team's, in the team library's `manual` sort. One move changes this prompt alone.",
  middleware: [placed.read] as const,
  request: { params: promptId, body: placed.request },
  responses: {
    204: { description: "Moved." },
    ...refusals({
      ...arrangers,
      invalid_input:
        "Neither `before` nor `after`, an id that is not one, the prompt itself, or `after` not before `before`.",
      not_found: `${notFound} So is a neighbour that is not one of yours.`,
    }),
  },
});

const addTag = createRoute({
  method: "post",
  path: "/{id}/tags",
  tags,
  summary: "Tag a prompt",
  description:
    "Your own prompts: at most 20 tags each, 32 characters each, unique regardless of case.",
  middleware: [tagged.read] as const,
  request: { params: promptId, body: tagged.request },
  responses: {
    204: { description: "Tagged." },
    ...refusals({
      ...yours,
      invalid_input:
        "A tag the prompt already has, in any case (`tag_already_on_prompt`), or a bad name.",
      payload_too_large: "Past 20 tags on the prompt, or `TAG_LIMIT` tags in all.",
    }),
  },
});

const removeTag = createRoute({
  method: "delete",
  path: "/{id}/tags/{name}",
  tags,
  summary: "Untag a prompt",
  request: { params: z.object({ id: z.string(), name: tagName }) },
  responses: {
    204: { description: "Untagged." },
    ...refusals({ ...yours, invalid_input: "An empty or too long tag name." }),
  },
});

const star = createRoute({
  method: "put",
  path: "/{id}/favourite",
  tags,
  summary: "Star a prompt",
  description: "Any prompt you can see.",
  request: { params: promptId },
  responses: { 204: { description: "Starred." }, ...refusals(seen) },
});

const unstar = createRoute({
  method: "delete",
  path: "/{id}/favourite",
  tags,
  summary: "Unstar a prompt",
  request: { params: promptId },
  responses: { 204: { description: "Unstarred." }, ...refusals(seen) },
});

const copied = createRoute({
  method: "post",
  path: "/{id}/copies",
  tags,
  summary: "Count a copy",
  description: '"Most copied" sorts on it: at most one per person, prompt and day.',
  request: { params: promptId },
  responses: { 204: { description: "Counted." }, ...refusals(seen) },
});

const save = createRoute({
  method: "post",
  path: "/{id}/save",
  tags,
  summary: "Save a prompt to your library",
  description:
    "Your personal copy of a prompt you can see, linked to the original. You keep one copy of each: saving again answers the copy you have. Every prompt carries `isSaved`, whether you keep a copy of it.",
  request: { params: promptId },
  responses: {
    201: jsonAnswer(prompt, "Your new copy."),
    200: jsonAnswer(prompt, "The copy you had already."),
    ...refusals({
      ...seen,
      payload_too_large: "Your library is full; the message names the limit.",
    }),
  },
});

/** /api/v1/prompts: the same operations the pages use. */
export function promptRoutes(db: Database) {
  return apiRouter()
    .openapi(list, async (c) => {
      const query = c.req.valid("query");
      return c.json(await listPrompts({ db, viewer: await c.get("viewer")(), ...query }), 200);
    })
    .openapi(create, async (c) => {
      const viewer = await c.get("viewer")();
      const input = c.get("body");
      const saved = await createPrompt({ db, viewer, ...input });
      const log = c.get("log");
      const alike = await findSimilarPrompt({
        db,
        viewer,
        saved,
        promptText: input.promptText,
        log,
      });
      return c.json({ ...saved, similar: alike }, 201);
    })
    .openapi(read, async (c) => {
      const { q, label } = c.req.valid("query");
      const { id } = c.req.valid("param");
      const viewer = await c.get("viewer")();
      const found = label
        ? await getPromptAtLabel({ db, viewer, id, label })
        : await getPrompt({ db, viewer, id });
      return c.json(q ? { ...found, match: wholeSearchMatch(found, q) } : found, 200);
    })
    .openapi(update, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      const input = c.get("body");
      const saved = await updatePrompt({ db, viewer, id, ...input });
      const log = c.get("log");
      const alike = await findSimilarPrompt({
        db,
        viewer,
        saved,
        promptText: input.promptText,
        log,
      });
      return c.json({ ...saved, similar: alike }, 200);
    })
    .openapi(remove, async (c) => {
      const { id } = c.req.valid("param");
      await deletePrompt({ db, viewer: await c.get("viewer")(), id });
      return c.body(null, 204);
    })
    .openapi(file, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      await filePrompt({ db, viewer, id, folderId: c.get("body").folderId });
      return c.body(null, 204);
    })
    .openapi(pin, async (c) => {
      const { id } = c.req.valid("param");
      await pinPrompt({ db, viewer: await c.get("viewer")(), id, ...c.get("body") });
      return c.body(null, 204);
    })
    .openapi(position, async (c) => {
      const { id } = c.req.valid("param");
      await movePrompt({ db, viewer: await c.get("viewer")(), id, ...c.get("body") });
      return c.body(null, 204);
    })
    .openapi(addTag, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      await tagPrompt({ db, viewer, promptId: id, name: c.get("body").name });
      return c.body(null, 204);
    })
    .openapi(removeTag, async (c) => {
      const { id, name } = c.req.valid("param");
      await untagPrompt({ db, viewer: await c.get("viewer")(), promptId: id, name });
      return c.body(null, 204);
    })
    .openapi(star, async (c) => {
      const { id } = c.req.valid("param");
      await starPrompt({ db, viewer: await c.get("viewer")(), id });
      return c.body(null, 204);
    })
    .openapi(unstar, async (c) => {
      const { id } = c.req.valid("param");
      await unstarPrompt({ db, viewer: await c.get("viewer")(), id });
      return c.body(null, 204);
    })
    .openapi(copied, async (c) => {
      const { id } = c.req.valid("param");
      await recordCopy({ db, viewer: await c.get("viewer")(), id });
      return c.body(null, 204);
    })
    .openapi(save, async (c) => {
      const { id } = c.req.valid("param");
      const saved = await saveToLibrary({ db, viewer: await c.get("viewer")(), id });
      // Saving again answers the copy the person already has.
      return saved.created ? c.json(saved.prompt, 201) : c.json(saved.prompt, 200);
    });
}
