import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaletteAnswer } from "../../shared/palette.ts";
import { asActor } from "../../tests/support/actors.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { heardSoFar } from "../../tests/support/heard-so-far.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import { createTestApp, type TestApp, testConfig } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { KeptAnswers } from "../cache/kept-answers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { libraryUsage, prompts } from "../db/schema.ts";
import { csvRow } from "../library-data/csv.ts";
import { seedCommunity } from "../library-data/seed-community.ts";
import type { ChangeFeed } from "../live/change-feed.ts";
import { projectRoot } from "../project-root.ts";

// The palette's own group searched on the person's library kept in memory: the same answer as
// the database's search, never stale after a change by anyone, and never another person's.
let database: DatabaseHandle;
/** Keeps libraries (told of every change by the change feed). */
let kept: TestApp;
/** Keeps nothing: what the database's own search answers. */
let plain: TestApp;
let feed: ChangeFeed;
let channel: KeptAnswers["channel"];
/** Statements that read a library to keep it. */
let libraryReads = 0;

type Person = Awaited<ReturnType<typeof apiPerson>>;
let reader: Person;

beforeAll(async () => {
  database = await createTestDatabase({
    onQuery: (statement) => {
      if (statement.includes(`from "library_usage"`)) libraryReads++;
    },
  });
  let memory: KeptAnswers;
  ({ feed, app: kept, kept: memory } = await signedInMemory(database));
  channel = memory.channel;
  plain = await createTestApp({ db: database.db });
  const file = await readFile(join(projectRoot, "seed/prompts.csv"), "utf8");
  const [header = [], ...records] = parse(file) as string[][];
  const csvOf = (rows: string[][]) => [header, ...rows].map(csvRow).join("");
  reader = await apiPerson(database.db, kept);
  expect((await reader.upload("/api/v1/import", csvOf(records.slice(0, 400)))).status).toBe(201);
  const { limits } = testConfig();
  await seedCommunity({ db: database.db, csv: csvOf(records.slice(400, 600)), limits });
  // 400 prompts imported and 200 seeded: minutes on two cores shared with other test runs.
}, 600_000);
afterAll(async () => {
  await feed.close();
  await database.close();
});

async function palette(app: TestApp, person: Person, q: string): Promise<PaletteAnswer> {
  const answer = await app.request(
    `/api/v1/palette?${new URLSearchParams({ q })}`,
    asActor(person.actor, { method: "GET" }),
  );
  expect(answer.status, q).toBe(200);
  return (await answer.json()) as PaletteAnswer;
}

const ids = (answer: PaletteAnswer) => answer.own.map((prompt) => prompt.id);

describe("the palette's search of a kept library", () => {
  it("answers as the database's search does, for real prompts and terms common and rare", async () => {
    // The import's notice moves the library on when it is heard: a read before it is read again.
    await heardSoFar(database, channel);
    const before = libraryReads;
    for (const q of [
      "t",
      "th",
      "the",
      "you",
      "act as",
      "translator",
      "travel guide",
      "JavaScript",
      "Linux Terminal",
      "50%",
      "qzxwvy",
    ]) {
      const fromMemory = await palette(kept, reader, q);
      expect(fromMemory, q).toEqual(await palette(plain, reader, q));
    }
    // Read once, kept for every search after.
    expect(libraryReads - before).toBe(1);
  });

  it("sees the person's own change at once, and another process's change as soon as it is announced", async () => {
    const term = "zebracorn";
    expect(ids(await palette(kept, reader, term))).toEqual([]);
    const made = await reader.call("POST", "/api/v1/prompts", {
      promptText: `Act as a ${term} keeper.`,
      shared: false,
    });
    expect(made.status).toBe(201);
    expect(ids(await palette(kept, reader, term))).toEqual([made.body.id]);

    // Written by another instance of the server: this one hears it from the database.
    await database.db
      .update(prompts)
      .set({ promptText: "Act as a unicorn keeper." })
      .where(eq(prompts.id, made.body.id));
    const found = async () => ids(await palette(kept, reader, term));
    expect(await eventually(found, (own) => own.length === 0)).toEqual([]);
    const other = await createPrompt(database.db, {
      userId: reader.user.id,
      promptText: `A ${term} from elsewhere.`,
    });
    expect(await eventually(found, (own) => own.length > 0)).toEqual([other.id]);
  });

  it("is never another person's: each person searches only their own library", async () => {
    const other = await apiPerson(database.db, kept);
    const secret = await other.call("POST", "/api/v1/prompts", {
      promptText: "A translator for my private quokka diary.",
      shared: false,
    });
    expect(secret.status).toBe(201);
    // Once each has searched, both libraries are kept, apart.
    await heardSoFar(database, channel);
    await palette(kept, other, "quokka");
    await palette(kept, reader, "quokka");
    const before = libraryReads;
    for (let round = 0; round < 2; round++) {
      expect(ids(await palette(kept, other, "quokka"))).toEqual([secret.body.id]);
      expect(ids(await palette(kept, reader, "quokka"))).toEqual([]);
      expect(await palette(kept, reader, "translator")).toEqual(
        await palette(plain, reader, "translator"),
      );
      expect(ids(await palette(kept, other, "translator"))).toEqual([secret.body.id]);
    }
    expect(libraryReads - before).toBe(0);
  });

  it("searches a library too large to keep in the database, with the same answer", async () => {
    const large = await apiPerson(database.db, kept);
    const made = await large.call("POST", "/api/v1/prompts", {
      promptText: "A narwhal census, counted by hand.",
      shared: false,
    });
    expect(made.status).toBe(201);
    // As if the rest of the library weighed more than is kept: its usage is what is checked.
    await database.db
      .update(libraryUsage)
      .set({ promptBytes: sql`${libraryUsage.promptBytes} + 64 * 1024 * 1024` })
      .where(eq(libraryUsage.userId, large.user.id));
    const before = libraryReads;
    for (let time = 0; time < 2; time++) {
      expect(ids(await palette(kept, large, "narwhal"))).toEqual([made.body.id]);
    }
    // Asked each time, never kept.
    expect(libraryReads - before).toBe(2);
  });
});
