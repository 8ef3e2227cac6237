import { Hono } from "hono";
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
import { parseInput } from "../../validation.ts";
import type { AppEnv } from "../app-env.ts";
import { readJson } from "./read-json.ts";

/** /api/v1/collections: the viewer's collections, their items, and stars and saves of anyone's. */
export function collectionRoutes(db: Database) {
  const routes = new Hono<AppEnv>();
  routes.get("/", async (c) => {
    const { prompt } = parseInput(listCollectionsQuery, c.req.query());
    return c.json(await listCollections({ db, viewer: await c.get("viewer")(), promptId: prompt }));
  });
  routes.post("/", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(createCollectionInput, await readJson(c));
    return c.json(await createCollection({ db, viewer, ...input }), 201);
  });
  routes.get("/:id", async (c) =>
    c.json(await getCollection({ db, viewer: await c.get("viewer")(), id: c.req.param("id") })),
  );
  routes.patch("/:id", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(updateCollectionInput, await readJson(c));
    return c.json(await updateCollection({ db, viewer, id: c.req.param("id"), ...input }));
  });
  routes.delete("/:id", async (c) => {
    await deleteCollection({ db, viewer: await c.get("viewer")(), id: c.req.param("id") });
    return c.body(null, 204);
  });
  routes.post("/:id/items", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(addItemInput, await readJson(c));
    return c.json(await addItem({ db, viewer, id: c.req.param("id"), ...input }), 201);
  });
  routes.patch("/:id/items/:promptId", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(updateItemInput, await readJson(c));
    const { id, promptId } = c.req.param();
    return c.json(await updateItem({ db, viewer, id, promptId, ...input }));
  });
  routes.delete("/:id/items/:promptId", async (c) => {
    const { id, promptId } = c.req.param();
    await removeItem({ db, viewer: await c.get("viewer")(), id, promptId });
    return c.body(null, 204);
  });
  routes.put("/:id/star", async (c) => {
    await starCollection({ db, viewer: await c.get("viewer")(), id: c.req.param("id") });
    return c.body(null, 204);
  });
  routes.delete("/:id/star", async (c) => {
    await unstarCollection({ db, viewer: await c.get("viewer")(), id: c.req.param("id") });
    return c.body(null, 204);
  });
  routes.post("/:id/save", async (c) =>
    c.json(await saveCollection({ db, viewer: await c.get("viewer")(), id: c.req.param("id") })),
  );
  return routes;
}
