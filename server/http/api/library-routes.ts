import { createRoute, z } from "@hono/zod-openapi";
import { deleteAccount } from "../../account/delete-account.ts";
import { type CookieNames, expiredCookie } from "../../auth/cookies.ts";
import type { Database } from "../../db/client.ts";
import { exportFormats, exportLibrary } from "../../library-data/export-library.ts";
import { importLibrary } from "../../library-data/import-library.ts";
import type { ImportLimits } from "../../library-data/import-rules.ts";
import { wholeBody } from "../whole-body.ts";
import { apiRouter, jsonAnswer, jsonBody, queryOf, refusals } from "./openapi.ts";
import { importReport } from "./shapes.ts";

const tags = ["Your data"];
const signedIn = { unauthenticated: "Not signed in." };
/** `?dryRun=1`: "1" is yes, anything else no. */
const yes = z
  .string()
  .optional()
  .transform((value) => value === "1");
const file = z.string().openapi({ format: "binary" });
const team = z
  .uuid("must be a team id")
  .optional()
  .describe("A team you are in: its library instead of your own.");
const teamNotFound =
  "No team of yours by that id (`team_not_found`): a team you are not in is not found either.";
const leaving = jsonBody(
  z.object({ confirmEmail: z.string(), keepSharedPrompts: z.boolean().default(false) }),
  "Your account's email, typed again; and whether your shared prompts stay in the community (as Community Member's).",
);

const exportRoute = createRoute({
  method: "get",
  path: "/export",
  tags,
  summary: "Your whole library, as a download",
  description: `Streamed, as an attachment. JSON holds everything and imports again: each prompt with its
current \`version\`, \`versionNote\` and \`versionRestoredFrom\`, and for a saved copy \`savedFromId\`
(null once the original was removed) and \`savedFromVersion\`; then a \`versions\` list of earlier
versions (purged ones left out), each naming its prompt (\`promptId\`, \`number\`, \`title\`,
\`category\`, \`promptText\`, \`note\`, \`restoredFrom\`, \`createdAt\`); and a \`collections\` list of
your own collections (\`title\`, \`description\`, \`isPublic\`, \`createdAt\`, \`updatedAt\`, and
\`items\` in order, each \`{ promptId, title, category, path, note }\`, \`path\` being the prompt's
\`/p/<short id>-<slug>\` page), holding only the items a collection shows: shared prompts, named by
what their public page shows. Your stars on other people's collections are not exported. CSV,
Markdown, \`prompt-files\` (a zip of \`.prompt.md\` files, docs/imports-exports.md) and \`skills\` (a
zip of Agent Skills, one \`<name>/SKILL.md\` folder a prompt, its title and tags in \`metadata\`; no
folders) carry each prompt's current text only.

With \`team\`, a team's library instead, for any of its members: its prompts with their history, in
any format (\`promptshelf-team-…\`). A team's prompts have no folders or tags of their own, and
stars and collections are a person's own, so none are in its file. Your own export never holds a
team's prompts, not even those you wrote. The prompts are read a batch at a time while you are in
the team: removed from it midway, you are sent nothing more of it and the download breaks off.`,
  request: {
    query: queryOf(z.object({ format: z.enum(exportFormats).default("json"), team })),
  },
  responses: {
    200: {
      description:
        "The file, named `promptshelf-library-<date>.<extension>` (`promptshelf-prompts-…` for `prompt-files`, `promptshelf-skills-…` for `skills`).",
      content: {
        "application/json": { schema: file },
        "text/csv": { schema: file },
        "text/markdown": { schema: file },
        "application/zip": { schema: file },
      },
    },
    ...refusals({
      ...signedIn,
      invalid_input: "An unknown format.",
      not_found: teamNotFound,
    }),
  },
});

const importRoute = createRoute({
  method: "post",
  path: "/import",
  tags,
  summary: "Import a library file",
  description: `The file's bytes are the body, whatever its Content-Type, up to \`IMPORT_LIMIT\`: a PromptShelf
JSON or CSV export, a prompts.chat CSV, or another tool's file (docs/imports-exports.md lists them;
\`name\` tells a \`.prompt.md\` file from a Claude Code \`.md\` command). Prompts come in personal,
all or nothing: a malformed file is 400 naming the line (a collection: \`Collection 2: title Titles
are at most 80 characters\`), one past a limit (prompts in the file; the library's prompts, text,
folders or tags; collections, yours counted, \`collection_limit\`; prompts in one collection,
\`collection_full\`) is 413 naming it, and a second import while one runs is 429; nothing is
imported. Dates are kept from 1970 to the year 9999 (a future one becomes now). A JSON file's
versions come back as they were, checked like an edit (a bad one, or more than \`VERSION_LIMIT\`
for a prompt, is 400 naming it); a saved copy is linked to its original again if you can see it,
else it says its original was removed, and a copy of an original you already keep a copy of comes
in as a prompt of its own. Shared prompts in the file (and their earlier versions) pass the privacy
check: findings make the preview and the import 422 \`privacy_findings\`, each named by its prompt
("Prompt 3, version 1"), importing nothing, unless \`confirm=1\`.

With \`team\`, the prompts come in as the team's (its editors and owners may), by the same rules
and limits (they count toward the team's library, \`team_library_full\` past it); a text the team
already holds is skipped. A team's prompts have no folders, tags or pins of their own yet, and
stars and collections are a person's own, so the file's are left out (\`newFolders\` and
\`newCollections\` are 0). The team's log records the import with the number added. Removed from
the team, or no longer its editor, while it runs, nothing of it lands.`,
  request: {
    query: queryOf(
      z.object({
        dryRun: yes.describe("`1`: write nothing, and answer what the import would do."),
        confirm: yes.describe("`1`: import shared prompts the privacy check found something in."),
        name: z.string().max(255).default("").describe("The file's name."),
        team,
      }),
    ),
    body: {
      description: "The file.",
      required: true,
      content: { "application/octet-stream": { schema: file } },
    },
  },
  responses: {
    201: jsonAnswer(importReport, "Imported: what was added and what was skipped."),
    200: jsonAnswer(importReport, "A dry run: what the import would do."),
    ...refusals({
      ...signedIn,
      invalid_input: "A malformed file, naming where (`import_file_invalid`).",
      payload_too_large: "A file or library past a limit, naming it (`import_too_large`).",
      needs_confirmation:
        "Shared prompts the privacy check found something in (`privacy_findings`).",
      rate_limited: "An import of yours is running already (`import_running`).",
      forbidden: "You are in the team, but as a viewer (`team_role`).",
      not_found: teamNotFound,
    }),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/account",
  tags,
  summary: "Delete your account",
  description:
    "Removes you and your data, and signs you out. Only from a signed-in browser: an access token cannot.",
  middleware: [leaving.read] as const,
  request: { body: leaving.request },
  responses: {
    204: { description: "Deleted; the session cookie is expired." },
    ...refusals({
      ...signedIn,
      invalid_input: "The email is not yours (`account_email_mismatch`).",
      forbidden: "Asked with a token (`session_required`).",
    }),
  },
});

/** /api/v1/export, /api/v1/import and /api/v1/account: owning your data, and a team's. */
export function libraryRoutes(options: {
  db: Database;
  cookies: CookieNames;
  https: boolean;
  limits: ImportLimits;
}) {
  const { db } = options;
  return apiRouter()
    .openapi(exportRoute, async (c) => {
      const { format, team: teamId } = c.req.valid("query");
      const exported = await exportLibrary({
        db,
        viewer: await c.get("viewer")(),
        format,
        teamId,
      });
      return c.body(exported.body, 200, {
        "Content-Type": exported.contentType,
        "Content-Disposition": `attachment; filename="${exported.filename}"`,
      });
    })
    .openapi(importRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const { dryRun, confirm, name: fileName, team: teamId } = c.req.valid("query");
      const bytes = await wholeBody(c.req.raw);
      const report = await importLibrary({
        db,
        viewer,
        teamId,
        file: bytes,
        fileName,
        dryRun,
        confirm,
        limits: options.limits,
      });
      return dryRun ? c.json(report, 200) : c.json(report, 201);
    })
    .openapi(deleteRoute, async (c) => {
      const viewer = await c.get("viewer")();
      await deleteAccount({ db, viewer, ...c.get("body") });
      c.header("Set-Cookie", expiredCookie(options.cookies.session, options.https));
      return c.body(null, 204);
    });
}
