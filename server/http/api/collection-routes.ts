import { createRoute, z } from "@hono/zod-openapi";
import { addItem } from "../../collections/add-item.ts";
import {
  addItemInput,
  createCollectionInput,
  listCollectionsQuery,
  updateCollectionInput,
  updateItemInput,
} from "../../collections/collection-input.ts";
import { createCollection } from "../../collections/create-collection.ts";
import { deleteCollection } from "../../collections/delete-collection.ts";
import { getCollection } from "../../collections/get-collection.ts";
import { listCollections } from "../../collections/list-collections.ts";
import { removeItem } from "../../collections/remove-item.ts";
import { saveCollection } from "../../collections/save-collection.ts";
import { starCollection, unstarCollection } from "../../collections/star-collection.ts";
import { updateCollection } from "../../collections/update-collection.ts";
import { updateItem } from "../../collections/update-item.ts";
import type { Database } from "../../db/client.ts";
import { apiRouter, jsonAnswer, jsonBody, queryOf, refusals } from "./openapi.ts";
import { collectionDetail, collectionSummary } from "./shapes.ts";

const tags = ["Collections"];
const collectionId = z.object({ id: z.string() });
const itemId = z.object({ id: z.string(), promptId: z.string() });
const signedIn = { unauthenticated: "Not signed in." };
const notFound = "No such collection you can see (`collection_not_found`).";
const yours = {
  ...signedIn,
  forbidden: "Another person's public collection (`collection_not_own`).",
  not_found: `${notFound} Another person's private one is not found either.`,
};
const privacy = {
  needs_confirmation:
    "Making it public, the privacy check found something in its title, description or notes (`privacy_findings`): send `confirm: true` to go ahead.",
};
const made = jsonBody(
  createCollectionInput,
  "A title (at most 80 characters), a description (at most 500) and whether it is public.",
);
const changed = jsonBody(updateCollectionInput, "Any of title, description and isPublic.");
const added = jsonBody(
  addItemInput,
  "The shared prompt, and a note on it (at most 280 characters).",
);
const itemChanged = jsonBody(
  updateItemInput,
  "A new note, a new place in the order (0 is first), or both.",
);

const list = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "Your collections",
  description:
    "Newest first; asked with `prompt`, each says whether it holds that prompt (`hasPrompt`).",
  request: { query: queryOf(listCollectionsQuery) },
  responses: {
    200: jsonAnswer(z.array(collectionSummary), "Your collections."),
    ...refusals({ ...signedIn, invalid_input: "`prompt` is not an id." }),
  },
});

const create = createRoute({
  method: "post",
  path: "/",
  tags,
  summary: "Make a collection",
  middleware: [made.read] as const,
  request: { body: made.request },
  responses: {
    201: jsonAnswer(collectionSummary, "The new collection."),
    ...refusals({
      ...signedIn,
      ...privacy,
      invalid_input: "A bad title or description.",
      payload_too_large: "Past 50 collections (`collection_limit`).",
    }),
  },
});

const read = createRoute({
  method: "get",
  path: "/{id}",
  tags,
  summary: "One collection",
  description:
    "Yours, or a public one (administrators: any), with its items in order, its owner, whether you starred it and whether it is yours. A prompt withdrawn from the community or deleted is not shown.",
  request: { params: collectionId },
  responses: {
    200: jsonAnswer(collectionDetail, "The collection."),
    ...refusals({ not_found: notFound }),
  },
});

const update = createRoute({
  method: "patch",
  path: "/{id}",
  tags,
  summary: "Change a collection",
  description: "Yours (administrators: any).",
  middleware: [changed.read] as const,
  request: { params: collectionId, body: changed.request },
  responses: {
    200: jsonAnswer(collectionSummary, "The collection as it is now."),
    ...refusals({ ...yours, ...privacy, invalid_input: "Nothing to change, or a bad value." }),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/{id}",
  tags,
  summary: "Delete a collection",
  description: "Yours (administrators: any). The prompts in it stay where they are.",
  request: { params: collectionId },
  responses: { 204: { description: "Deleted." }, ...refusals(yours) },
});

const addPrompt = createRoute({
  method: "post",
  path: "/{id}/items",
  tags,
  summary: "Add a prompt to a collection",
  description: "A shared prompt, yours or anyone's, never a personal one; it goes at the end.",
  middleware: [added.read] as const,
  request: { params: collectionId, body: added.request },
  responses: {
    201: jsonAnswer(z.object({ promptId: z.string(), note: z.string() }), "The new item."),
    ...refusals({
      ...yours,
      ...privacy,
      invalid_input:
        "A personal prompt (`prompt_not_shared`), one already there (`prompt_already_in_collection`), or a bad note.",
      not_found: `${notFound} A prompt you cannot see is \`prompt_not_found\`.`,
      payload_too_large: "Past 100 prompts (`collection_full`).",
    }),
  },
});

const updatePrompt = createRoute({
  method: "patch",
  path: "/{id}/items/{promptId}",
  tags,
  summary: "Change an item's note or place",
  middleware: [itemChanged.read] as const,
  request: { params: itemId, body: itemChanged.request },
  responses: {
    200: jsonAnswer(
      z.object({ promptId: z.string(), note: z.string(), position: z.number().int() }),
      "The item as it is now.",
    ),
    ...refusals({
      ...yours,
      ...privacy,
      invalid_input: "Nothing to change, or a bad value.",
      not_found: `${notFound} A prompt not in it is \`collection_item_not_found\`.`,
    }),
  },
});

const removePrompt = createRoute({
  method: "delete",
  path: "/{id}/items/{promptId}",
  tags,
  summary: "Take a prompt out of a collection",
  request: { params: itemId },
  responses: {
    204: { description: "Taken out." },
    ...refusals({
      ...yours,
      not_found: `${notFound} A prompt not in it is \`collection_item_not_found\`.`,
    }),
  },
});

const star = createRoute({
  method: "put",
  path: "/{id}/star",
  tags,
  summary: "Star a collection",
  description: "Any collection you can see.",
  request: { params: collectionId },
  responses: {
    204: { description: "Starred." },
    ...refusals({ ...signedIn, not_found: notFound }),
  },
});

const unstar = createRoute({
  method: "delete",
  path: "/{id}/star",
  tags,
  summary: "Unstar a collection",
  request: { params: collectionId },
  responses: {
    204: { description: "Unstarred." },
    ...refusals({ ...signedIn, not_found: notFound }),
  },
});

const save = createRoute({
  method: "post",
  path: "/{id}/save",
  tags,
  summary: "Save a whole collection to your library",
  description:
    'Every prompt it shows is copied into your library as "Save to my library" copies one (one copy per original), all or none.',
  request: { params: collectionId },
  responses: {
    200: jsonAnswer(
      z.object({ saved: z.number().int(), alreadyInLibrary: z.number().int() }),
      "How many were copied, and how many you kept already.",
    ),
    ...refusals({
      ...signedIn,
      not_found: notFound,
      payload_too_large:
        "A library limit would be passed (the message names it): nothing is saved.",
    }),
  },
});

/** /api/v1/collections: the viewer's collections, their items, and stars and saves of anyone's. */
export function collectionRoutes(db: Database) {
  return apiRouter()
    .openapi(list, async (c) => {
      const { prompt } = c.req.valid("query");
      return c.json(
        await listCollections({ db, viewer: await c.get("viewer")(), promptId: prompt }),
        200,
      );
    })
    .openapi(create, async (c) => {
      const viewer = await c.get("viewer")();
      return c.json(await createCollection({ db, viewer, ...c.get("body") }), 201);
    })
    .openapi(read, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await getCollection({ db, viewer: await c.get("viewer")(), id }), 200);
    })
    .openapi(update, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      return c.json(await updateCollection({ db, viewer, id, ...c.get("body") }), 200);
    })
    .openapi(remove, async (c) => {
      const { id } = c.req.valid("param");
      await deleteCollection({ db, viewer: await c.get("viewer")(), id });
      return c.body(null, 204);
    })
    .openapi(addPrompt, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      return c.json(await addItem({ db, viewer, id, ...c.get("body") }), 201);
    })
    .openapi(updatePrompt, async (c) => {
      const viewer = await c.get("viewer")();
      const { id, promptId } = c.req.valid("param");
      return c.json(await updateItem({ db, viewer, id, promptId, ...c.get("body") }), 200);
    })
    .openapi(removePrompt, async (c) => {
      const { id, promptId } = c.req.valid("param");
      await removeItem({ db, viewer: await c.get("viewer")(), id, promptId });
      return c.body(null, 204);
    })
    .openapi(star, async (c) => {
      const { id } = c.req.valid("param");
      await starCollection({ db, viewer: await c.get("viewer")(), id });
      return c.body(null, 204);
    })
    .openapi(unstar, async (c) => {
      const { id } = c.req.valid("param");
      await unstarCollection({ db, viewer: await c.get("viewer")(), id });
      return c.body(null, 204);
    })
    .openapi(save, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await saveCollection({ db, viewer: await c.get("viewer")(), id }), 200);
    });
}
