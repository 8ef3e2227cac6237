import { createRoute, z } from "@hono/zod-openapi";
import type { Database } from "../../db/client.ts";
import { createFolder } from "../../folders/create-folder.ts";
import { deleteFolder } from "../../folders/delete-folder.ts";
import {
  createFolderInput,
  folderDeletion,
  updateFolderInput,
} from "../../folders/folder-input.ts";
import { listFolders } from "../../folders/list-folders.ts";
import { updateFolder } from "../../folders/update-folder.ts";
import { apiRouter, jsonAnswer, jsonBody, queryOf, refusals } from "./openapi.ts";
import { changedFolder, folder } from "./shapes.ts";

const tags = ["Folders"];
const folderId = z.object({ id: z.string() });
const created = jsonBody(createFolderInput, "A name, and the folder to put it in (none: the top).");
const changed = jsonBody(updateFolderInput, "A new name, a new parent (null: the top), or both.");

const list = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "Your folders",
  description: "Flat and in name order, each with how many prompts are filed directly in it.",
  responses: {
    200: jsonAnswer(z.array(folder), "Your folders."),
    ...refusals({ unauthenticated: "Not signed in." }),
  },
});

const create = createRoute({
  method: "post",
  path: "/",
  tags,
  summary: "Make a folder",
  description:
    "Folders nest at most `FOLDER_DEPTH_LIMIT` deep, and a person has at most `FOLDER_LIMIT`.",
  middleware: [created.read] as const,
  request: { body: created.request },
  responses: {
    201: jsonAnswer(folder, "The new folder."),
    ...refusals({
      invalid_input: "A bad name, one a sibling has (`folder_name_taken`), or too deep.",
      unauthenticated: "Not signed in.",
      not_found: "No such parent of yours (`folder_not_found`).",
      payload_too_large: "Past `FOLDER_LIMIT`.",
    }),
  },
});

const update = createRoute({
  method: "patch",
  path: "/{id}",
  tags,
  summary: "Rename or move a folder",
  description: "A move into itself or one of its own folders, or past the depth limit, is 400.",
  middleware: [changed.read] as const,
  request: { params: folderId, body: changed.request },
  responses: {
    200: jsonAnswer(changedFolder, "The folder as it is now."),
    ...refusals({
      invalid_input: "A bad name, a name taken, a loop or too deep.",
      unauthenticated: "Not signed in.",
      not_found: "No such folder of yours (`folder_not_found`).",
    }),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/{id}",
  tags,
  summary: "Delete a folder",
  description:
    "Its prompts and folders move up to its parent (`prompts=move`, the default) or are deleted with it (`prompts=delete`).",
  request: {
    params: folderId,
    query: queryOf(z.object({ prompts: folderDeletion.default("move") })),
  },
  responses: {
    204: { description: "Deleted." },
    ...refusals({
      invalid_input: "`prompts` is neither `move` nor `delete`.",
      unauthenticated: "Not signed in.",
      not_found: "No such folder of yours (`folder_not_found`).",
    }),
  },
});

/** /api/v1/folders: the viewer's own folders. */
export function folderRoutes(db: Database) {
  return apiRouter()
    .openapi(list, async (c) =>
      c.json(await listFolders({ db, viewer: await c.get("viewer")() }), 200),
    )
    .openapi(create, async (c) => {
      const viewer = await c.get("viewer")();
      return c.json(await createFolder({ db, viewer, ...c.get("body") }), 201);
    })
    .openapi(update, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      return c.json(await updateFolder({ db, viewer, id, ...c.get("body") }), 200);
    })
    .openapi(remove, async (c) => {
      const { prompts } = c.req.valid("query");
      const { id } = c.req.valid("param");
      await deleteFolder({ db, viewer: await c.get("viewer")(), id, prompts });
      return c.body(null, 204);
    });
}
