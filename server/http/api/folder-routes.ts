import { Hono } from "hono";
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
import { parseInput } from "../../validation.ts";
import type { AppEnv } from "../app-env.ts";
import { readJson } from "./read-json.ts";

/** /api/v1/folders: the viewer's own folders. */
export function folderRoutes(db: Database) {
  const routes = new Hono<AppEnv>();
  routes.get("/", async (c) => c.json(await listFolders({ db, viewer: await c.get("viewer")() })));
  routes.post("/", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(createFolderInput, await readJson(c));
    return c.json(await createFolder({ db, viewer, ...input }), 201);
  });
  routes.patch("/:id", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(updateFolderInput, await readJson(c));
    return c.json(await updateFolder({ db, viewer, id: c.req.param("id"), ...input }));
  });
  routes.delete("/:id", async (c) => {
    const prompts = parseInput(folderDeletion, c.req.query("prompts") ?? "move");
    await deleteFolder({ db, viewer: await c.get("viewer")(), id: c.req.param("id"), prompts });
    return c.body(null, 204);
  });
  return routes;
}
