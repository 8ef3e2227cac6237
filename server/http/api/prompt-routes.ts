import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { starPrompt, unstarPrompt } from "../../favourites/star-prompt.ts";
import { filePrompt } from "../../folders/file-prompt.ts";
import { fileInput } from "../../folders/folder-input.ts";
import { createPrompt } from "../../prompts/create-prompt.ts";
import { deletePrompt } from "../../prompts/delete-prompt.ts";
import { findSimilarPrompt } from "../../prompts/find-similar-prompt.ts";
import { getPrompt } from "../../prompts/get-prompt.ts";
import { listPrompts } from "../../prompts/list-prompts.ts";
import {
  createPromptInput,
  listPromptsQuery,
  readPromptQuery,
  tagName,
  updatePromptInput,
} from "../../prompts/prompt-input.ts";
import { recordCopy } from "../../prompts/record-copy.ts";
import { saveToLibrary } from "../../prompts/save-to-library.ts";
import { wholeSearchMatch } from "../../prompts/search-match.ts";
import { updatePrompt } from "../../prompts/update-prompt.ts";
import { tagPrompt, untagPrompt } from "../../tags/tag-prompt.ts";
import { parseInput } from "../../validation.ts";
import type { AppEnv } from "../app-env.ts";
import { readJson } from "./read-json.ts";

/** /api/v1/prompts: the same operations the pages use. */
export function promptRoutes(db: Database) {
  const routes = new Hono<AppEnv>();

  routes.get("/", async (c) => {
    const query = parseInput(listPromptsQuery, {
      ...c.req.query(),
      tag: c.req.queries("tag") ?? [],
    });
    return c.json(await listPrompts({ db, viewer: await c.get("viewer")(), ...query }));
  });

  routes.post("/", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(createPromptInput, await readJson(c));
    const prompt = await createPrompt({ db, viewer, ...input });
    const similar = await findSimilarPrompt({
      db,
      viewer,
      saved: prompt,
      promptText: input.promptText,
      log: c.get("log"),
    });
    return c.json({ ...prompt, similar }, 201);
  });

  routes.get("/:id", async (c) => {
    const { q } = parseInput(readPromptQuery, c.req.query());
    const prompt = await getPrompt({ db, viewer: await c.get("viewer")(), id: c.req.param("id") });
    return c.json(q ? { ...prompt, match: wholeSearchMatch(prompt, q) } : prompt);
  });

  routes.patch("/:id", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(updatePromptInput, await readJson(c));
    const prompt = await updatePrompt({ db, viewer, id: c.req.param("id"), ...input });
    const similar = await findSimilarPrompt({
      db,
      viewer,
      saved: prompt,
      promptText: input.promptText,
      log: c.get("log"),
    });
    return c.json({ ...prompt, similar });
  });

  routes.delete("/:id", async (c) => {
    await deletePrompt({ db, viewer: await c.get("viewer")(), id: c.req.param("id") });
    return c.body(null, 204);
  });

  routes.put("/:id/folder", async (c) => {
    const viewer = await c.get("viewer")();
    const { folderId } = parseInput(fileInput, await readJson(c));
    await filePrompt({ db, viewer, id: c.req.param("id"), folderId });
    return c.body(null, 204);
  });

  routes.post("/:id/tags", async (c) => {
    const viewer = await c.get("viewer")();
    const { name } = parseInput(z.object({ name: tagName }), await readJson(c));
    await tagPrompt({ db, viewer, promptId: c.req.param("id"), name });
    return c.body(null, 204);
  });

  routes.delete("/:id/tags/:name", async (c) => {
    const name = parseInput(tagName, c.req.param("name"));
    await untagPrompt({ db, viewer: await c.get("viewer")(), promptId: c.req.param("id"), name });
    return c.body(null, 204);
  });

  routes.put("/:id/favourite", async (c) => {
    await starPrompt({ db, viewer: await c.get("viewer")(), id: c.req.param("id") });
    return c.body(null, 204);
  });

  routes.delete("/:id/favourite", async (c) => {
    await unstarPrompt({ db, viewer: await c.get("viewer")(), id: c.req.param("id") });
    return c.body(null, 204);
  });

  routes.post("/:id/copies", async (c) => {
    await recordCopy({ db, viewer: await c.get("viewer")(), id: c.req.param("id") });
    return c.body(null, 204);
  });

  routes.post("/:id/save", async (c) => {
    const saved = await saveToLibrary({
      db,
      viewer: await c.get("viewer")(),
      id: c.req.param("id"),
    });
    // Saving again answers the copy the person already has.
    return c.json(saved.prompt, saved.created ? 201 : 200);
  });

  return routes;
}
