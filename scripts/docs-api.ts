// npm run docs:api: writes docs/api.md, the API reference, from the routes' own schemas (the same
// OpenAPI document /api/v1/openapi.json serves). server/http/api/api-reference.test.ts fails while
// the file is out of date.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { cookieNames } from "../server/auth/cookies.ts";
import { createKeptAnswers } from "../server/cache/kept-answers.ts";
import { parseConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { apiV1Routes } from "../server/http/api/api-v1.ts";
import { referenceMarkdown } from "../server/http/api/reference-markdown.ts";
import { apiDocument } from "../server/http/api/reference-routes.ts";
import { projectRoot } from "../server/project-root.ts";
import { connectionSecretFrom } from "../server/workbench/connection-secret.ts";
import { createWorkbench } from "../server/workbench/workbench.ts";

const config = parseConfig({ LOG_LEVEL: "silent" });
// The routes want a database to be built with, and never use it to describe themselves.
const database = await openDatabase({ driver: "pglite", memory: true });
try {
  const cookies = cookieNames(false);
  const api = apiV1Routes({
    db: database.db,
    cookies,
    https: false,
    limits: config.limits,
    trustedProxies: 0,
    publicOrigin: config.publicOrigin,
    libraries: createKeptAnswers({ sessionCookie: cookies.session }).libraries,
    workbench: createWorkbench({
      db: database.db,
      config,
      secret: connectionSecretFrom("never used: nothing is sealed"),
    }),
  });
  const file = join(projectRoot, "docs/api.md");
  await writeFile(file, referenceMarkdown(apiDocument(api)));
  console.log(`Wrote ${file}`);
} finally {
  await database.close();
}
