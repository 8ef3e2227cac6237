import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionsPerPerson } from "../../shared/collection.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { parseConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { connectionSettings } from "../db/connection-settings.ts";

/**
 * Each count a person is held to, asked past at once: 80 requests together, on PostgreSQL's pool
 * of connections, each request its own transaction. However they interleave, exactly the limit
 * is made, and every other request is refused with the limit's own answer.
 */
const limit = 50;
const atOnce = 80;
const limits = {
  TOKEN_LIMIT: String(limit),
  PROMPT_LIMIT: String(limit),
  FOLDER_LIMIT: String(limit),
  TAG_LIMIT: String(limit),
};

let database: DatabaseHandle;
let app: TestApp;

beforeAll(async () => {
  const config = parseConfig({ NODE_ENV: "test", STATEMENT_TIMEOUT_MS: "120000", ...limits });
  database = await createTestDatabase({
    settings: connectionSettings(config),
    // The requests queue on the person's row, each holding one of the pool's connections: on a
    // loaded machine the last waited past the server's 2 s for a free one and was told the
    // database was unavailable, which is the outage path, not the limits tested here.
    connectionWaitMs: 120_000,
  });
  app = await createTestApp({ db: database.db, env: limits });
});
afterAll(async () => {
  await database.close();
});

type Person = Awaited<ReturnType<typeof apiPerson>>;

/** Sends them all at once; answers how many were made and what the others were told. */
async function together(send: (i: number) => ReturnType<Person["call"]>) {
  const answers = await Promise.all(Array.from({ length: atOnce }, (_, i) => send(i)));
  const made = answers.filter((answer) => answer.status < 300);
  const refused = answers.filter((answer) => answer.status >= 400);
  return {
    made: made.length,
    refusals: new Set(
      refused.map((answer) => `${answer.status} ${answer.body?.error?.detail ?? "-"}`),
    ),
    serverErrors: answers.filter((answer) => answer.status >= 500).length,
  };
}

describe(`${atOnce} requests at once past a limit of ${limit}`, () => {
  it("access tokens: exactly the limit is made, the rest refused with token_limit", async () => {
    const person = await apiPerson(database.db, app);
    const outcome = await together((i) =>
      person.call("POST", "/api/v1/tokens", { name: `Token ${i}`, scope: "read" }),
    );
    const listed = (await person.call("GET", "/api/v1/tokens")).body;
    expect({ ...outcome, listed: listed.length }).toEqual({
      made: limit,
      refusals: new Set(["400 token_limit"]),
      serverErrors: 0,
      listed: limit,
    });
  });

  it("collections: exactly the limit is made, the rest refused with collection_limit", async () => {
    const person = await apiPerson(database.db, app);
    const outcome = await together((i) =>
      person.call("POST", "/api/v1/collections", { title: `Collection ${i}` }),
    );
    const listed = (await person.call("GET", "/api/v1/collections")).body;
    expect({ ...outcome, listed: listed.length }).toEqual({
      made: collectionsPerPerson,
      refusals: new Set(["413 collection_limit"]),
      serverErrors: 0,
      listed: collectionsPerPerson,
    });
  });

  it("folders: exactly the limit is made, the rest refused", async () => {
    const person = await apiPerson(database.db, app);
    const outcome = await together((i) =>
      person.call("POST", "/api/v1/folders", { name: `Folder ${i}` }),
    );
    const listed = (await person.call("GET", "/api/v1/folders")).body;
    expect({ ...outcome, listed: listed.length }).toEqual({
      made: limit,
      refusals: new Set(["413 -"]),
      serverErrors: 0,
      listed: limit,
    });
  });

  it("prompts: exactly the limit is made, the rest refused", async () => {
    const person = await apiPerson(database.db, app);
    const outcome = await together((i) =>
      person.call("POST", "/api/v1/prompts", { promptText: `Prompt number ${i}`, shared: false }),
    );
    expect(outcome).toEqual({ made: limit, refusals: new Set(["413 -"]), serverErrors: 0 });
  });

  it("tags: exactly the limit is made, the rest refused", async () => {
    const person = await apiPerson(database.db, app);
    const prompts: { id: string }[] = [];
    for (let i = 0; i < atOnce; i++) {
      const made = await person.call("POST", "/api/v1/prompts", {
        promptText: `Tagged prompt ${i}`,
        shared: false,
      });
      // The prompt limit is 50 too: the first 50 prompts are tagged twice over.
      if (made.status === 201) prompts.push(made.body);
    }
    const outcome = await together((i) =>
      person.call("POST", `/api/v1/prompts/${prompts[i % prompts.length]?.id}/tags`, {
        name: `tag-${i}`,
      }),
    );
    const listed = (await person.call("GET", "/api/v1/tags")).body;
    expect({ ...outcome, listed: listed.length }).toEqual({
      made: limit,
      refusals: new Set(["413 -"]),
      serverErrors: 0,
      listed: limit,
    });
  });
});
