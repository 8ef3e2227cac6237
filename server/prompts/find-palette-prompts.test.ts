import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type PaletteAnswer,
  paletteMatchesKept,
  paletteTeamPrompts,
} from "../../shared/palette.ts";
import type { Prompt } from "../../shared/prompt.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { teamOf, teamPrompt } from "../../tests/support/teams.ts";
import { type TestApp, testConfig, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { teamUsage } from "../db/schema.ts";
import { csvRow } from "../library-data/csv.ts";
import { seedCommunity } from "../library-data/seed-community.ts";
import { projectRoot } from "../project-root.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

type Person = Awaited<ReturnType<typeof apiPerson>>;
let reader: Person;
/** Another person's private prompt, which holds every word searched below. */
let othersPrivate: string;

/** Real prompts from prompts.csv: the first 300 in the reader's library, the next 300 shared. */
beforeAll(async () => {
  const file = await readFile(join(projectRoot, "seed/prompts.csv"), "utf8");
  const [header = [], ...records] = parse(file) as string[][];
  const csvOf = (rows: string[][]) => [header, ...rows].map(csvRow).join("");
  reader = await apiPerson(database.db, app);
  expect((await reader.upload("/api/v1/import", csvOf(records.slice(0, 300)))).status).toBe(201);
  const { limits } = testConfig();
  await seedCommunity({ db: database.db, csv: csvOf(records.slice(300, 600)), limits });
  const other = await apiPerson(database.db, app);
  othersPrivate = (
    await other.call("POST", "/api/v1/prompts", {
      promptText: "A private translator, writer, teacher and travel guide: act as my coach.",
      shared: false,
    })
  ).body.id;
});

async function palette(person: Person, query: Record<string, string>) {
  return person.call("GET", `/api/v1/palette?${new URLSearchParams(query)}`);
}

async function list(person: Person, scope: string, q: string, sort = "relevance") {
  const query = new URLSearchParams({ scope, q, sort, limit: "5" });
  return (await person.call("GET", `/api/v1/prompts?${query}`)).body.items as Prompt[];
}

const ids = (prompts: Prompt[]) => prompts.map((prompt) => prompt.id);

describe("GET /api/v1/palette", () => {
  it("answers both groups of the lists' own search, best match first, for real prompts", async () => {
    for (const q of ["translator", "act as", "travel guide", "JavaScript", "coach", "qzxwvy"]) {
      const answer = await palette(reader, { q });
      expect(answer.status).toBe(200);
      const body = answer.body as PaletteAnswer;
      expect(ids(body.own), q).toEqual(ids(await list(reader, "personal", q)));
      expect(ids(body.community), q).toEqual(ids(await list(reader, "community", q)));
      expect(body.own.every((prompt) => prompt.isOwn && !prompt.isShared)).toBe(true);
      expect(body.community.every((prompt) => prompt.isShared)).toBe(true);
      expect([...ids(body.own), ...ids(body.community)]).not.toContain(othersPrivate);
    }
    const found = (await palette(reader, { q: "act as" })).body as PaletteAnswer;
    expect(found.own).toHaveLength(5);
    expect(found.community).toHaveLength(5);
  });

  it("answers its teams' prompts to members alone, a shared one in the community's group, while they are few enough", async () => {
    const [owner, member, outsider] = [
      await apiPerson(database.db, app),
      await apiPerson(database.db, app),
      await apiPerson(database.db, app),
    ];
    const teamId = await teamOf(owner, [[member, "viewer"]]);
    const kept = await teamPrompt(owner, teamId, "A narwhal keeper's checklist for the team");
    const shared = await teamPrompt(owner, teamId, "A narwhal census, shared", true);
    const q = "narwhal";
    const seen = (await palette(member, { q })).body as PaletteAnswer;
    expect(ids(seen.teams)).toEqual([kept]);
    expect(ids(seen.teams)).toEqual(
      ids((await list(member, "teams", q)).filter((prompt) => !prompt.isShared)),
    );
    expect(seen.teamsSearched).toBe(true);
    expect(ids(seen.own)).toEqual([]);
    expect(ids(seen.community)).toContain(shared);
    const outside = (await palette(outsider, { q })).body as PaletteAnswer;
    expect(ids(outside.teams)).toEqual([]);
    expect([...ids(outside.own), ...ids(outside.community)]).not.toContain(kept);
    // Past what a keystroke's search may read, a team's page searches it instead.
    await database.db
      .update(teamUsage)
      .set({ prompts: paletteTeamPrompts + 1 })
      .where(eq(teamUsage.teamId, teamId));
    const many = (await palette(member, { q })).body as PaletteAnswer;
    expect(many).toMatchObject({ teams: [], teamsSearched: false });
    // Removed, the member finds none of it on the next keystroke.
    await database.db.update(teamUsage).set({ prompts: 2 }).where(eq(teamUsage.teamId, teamId));
    await owner.call("DELETE", `/api/v1/teams/${teamId}/members/${member.user.id}`);
    expect(((await palette(member, { q })).body as PaletteAnswer).teams).toEqual([]);
  });

  it("lists the newest first for a term under three characters, which the ranking cannot tell apart", async () => {
    for (const q of ["a", "Go", "ü"]) {
      const body = (await palette(reader, { q })).body as PaletteAnswer;
      expect(ids(body.own), q).toEqual(ids(await list(reader, "personal", q, "newest")));
      expect(ids(body.community), q).toEqual(ids(await list(reader, "community", q, "newest")));
    }
    const three = (await palette(reader, { q: "you" })).body as PaletteAnswer;
    expect(ids(three.own)).toEqual(ids(await list(reader, "personal", "you")));
    expect(ids(three.own)).not.toEqual(ids(await list(reader, "personal", "you", "newest")));
  });

  it("names every own prompt that matches when there are few, and none when there are many", async () => {
    const few = (await palette(reader, { q: "travel guide" })).body as PaletteAnswer;
    expect(few.ownMatches).not.toBeNull();
    expect(few.ownMatches).toEqual(expect.arrayContaining(ids(few.own)));
    const many = (await palette(reader, { q: "you" })).body as PaletteAnswer;
    expect(many.ownMatches).toBeNull();
    expect(many.own).toHaveLength(5);
  });

  it("looks for a longer term among the matches named for a term it holds, with the same answer", async () => {
    for (const [earlier, q] of [
      ["transl", "translator"],
      ["linux", "linux terminal"],
      ["Java", "JavaScript"],
    ] as const) {
      const first = (await palette(reader, { q: earlier })).body as PaletteAnswer;
      expect(first.ownMatches, earlier).not.toBeNull();
      const within = (first.ownMatches ?? []).join(",");
      const narrowed = await palette(reader, { q, within, withinQ: earlier });
      expect(narrowed.status).toBe(200);
      expect(narrowed.body).toEqual((await palette(reader, { q })).body);
    }
  });

  it("only narrows: ids that are not the person's own unshared matches never widen the answer", async () => {
    const shared = (await palette(reader, { q: "translator" })).body.community as Prompt[];
    const within = [othersPrivate, ...ids(shared)].join(",");
    const answer = (await palette(reader, { q: "translator", within, withinQ: "translator" }))
      .body as PaletteAnswer;
    expect(answer.own).toEqual([]);
    expect(answer.ownMatches).toEqual([]);
    expect(ids(answer.community)).toEqual(ids(shared));
    // An earlier term with no own match leaves none for the longer one.
    const none = await palette(reader, { q: "translator", within: "", withinQ: "transl" });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ own: [], ownMatches: [] });
    expect(ids(none.body.community)).toEqual(ids(shared));
  });

  it("searches everything when the earlier term is not part of this one", async () => {
    const earlier = (await palette(reader, { q: "travel guide" })).body as PaletteAnswer;
    const within = (earlier.ownMatches ?? []).join(",");
    const full = (await palette(reader, { q: "translator" })).body as PaletteAnswer;
    for (const withinQ of ["travel guide", "Translator", "translatorß"]) {
      const answer = await palette(reader, { q: "translator", within, withinQ });
      expect(answer.body, withinQ).toEqual(full);
    }
  });

  it("keeps its bound on named matches", async () => {
    const person = await apiPerson(database.db, app);
    for (let index = 0; index <= paletteMatchesKept; index++) {
      await createPrompt(database.db, { userId: person.user.id, promptText: `Haiku ${index}` });
    }
    const over = (await palette(person, { q: "haiku" })).body as PaletteAnswer;
    expect(over.ownMatches).toBeNull();
    const under = (await palette(person, { q: "haiku 1" })).body as PaletteAnswer;
    expect(under.ownMatches).toHaveLength(12);
  });

  it("refuses a request without a term, or with too much, with a clear message", async () => {
    const uuid = "00000000-0000-4000-8000-000000000000";
    const refusals: [Record<string, string>, string][] = [
      [{}, "q: "],
      [{ q: "   " }, "q: Type something to search for"],
      [{ q: "x".repeat(501) }, "q: Search term is too long"],
      [{ q: "tea", within: "not-an-id", withinQ: "te" }, "within"],
      [{ q: "tea", within: Array(101).fill(uuid).join(","), withinQ: "te" }, "at most 100"],
      [{ q: "tea", within: uuid }, "within and withinQ come together"],
    ];
    for (const [query, message] of refusals) {
      const answer = await palette(reader, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.error.code).toBe("invalid_input");
      expect(answer.body.error.message).toContain(message);
    }
  });

  it("answers a visitor 401, and a person's read token as their browser", async () => {
    const visitor = await app.request("/api/v1/palette?q=translator");
    expect(visitor.status).toBe(401);
    const issued = await reader.call("POST", "/api/v1/tokens", { name: "Raycast", scope: "read" });
    expect(issued.status).toBe(201);
    const byToken = await app.request("/api/v1/palette?q=translator", {
      headers: { authorization: `Bearer ${issued.body.token}` },
    });
    expect(byToken.status).toBe(200);
    expect(await byToken.json()).toEqual((await palette(reader, { q: "translator" })).body);
  });
});
