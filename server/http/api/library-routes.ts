import { Hono } from "hono";
import { z } from "zod";
import { deleteAccount } from "../../account/delete-account.ts";
import { type CookieNames, expiredCookie } from "../../auth/cookies.ts";
import type { Database } from "../../db/client.ts";
import { exportFormats, exportLibrary } from "../../library-data/export-library.ts";
import { importLibrary } from "../../library-data/import-library.ts";
import type { ImportLimits } from "../../library-data/import-rules.ts";
import { parseInput } from "../../validation.ts";
import type { AppEnv } from "../app-env.ts";
import { readJson } from "./read-json.ts";

/** /api/v1/export, /api/v1/import and /api/v1/account: owning your data. */
export function libraryRoutes(options: {
  db: Database;
  cookies: CookieNames;
  https: boolean;
  limits: ImportLimits;
}) {
  const { db } = options;
  const routes = new Hono<AppEnv>();

  routes.get("/export", async (c) => {
    const format = parseInput(z.enum(exportFormats), c.req.query("format") ?? "json");
    const file = await exportLibrary({ db, viewer: await c.get("viewer")(), format });
    return c.body(file.body, 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
    });
  });

  // The body is the file's bytes, whatever its type (a zip is binary); `name` is its file name.
  routes.post("/import", async (c) => {
    const viewer = await c.get("viewer")();
    const dryRun = c.req.query("dryRun") === "1";
    const confirm = c.req.query("confirm") === "1";
    const file = new Uint8Array(await c.req.arrayBuffer());
    const fileName = parseInput(z.string().max(255).default(""), c.req.query("name"));
    return c.json(
      await importLibrary({ db, viewer, file, fileName, dryRun, confirm, limits: options.limits }),
      dryRun ? 200 : 201,
    );
  });

  routes.delete("/account", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(
      z.object({ confirmEmail: z.string(), keepSharedPrompts: z.boolean().default(false) }),
      await readJson(c),
    );
    await deleteAccount({ db, viewer, ...input });
    c.header("Set-Cookie", expiredCookie(options.cookies.session, options.https));
    return c.body(null, 204);
  });

  return routes;
}
