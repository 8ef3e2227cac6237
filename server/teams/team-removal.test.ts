import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PromptChange } from "../../shared/prompt.ts";
import { asActor, type Credential } from "../../tests/support/actors.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { viewerFor } from "../../tests/support/factories.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import { teamOf, teamPrompt } from "../../tests/support/teams.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts, teamActivity } from "../db/schema.ts";
import { applyImport } from "../library-data/import-library.ts";
import { parseImport } from "../library-data/parse-import.ts";
import type { ChangeFeed } from "../live/change-feed.ts";
import { pacer } from "../pacing.ts";

/**
 * Removal is immediate, on every path a member reads a team by: a member removed, or a team
 * deleted, gets nothing more of it on an open live event stream, through an access token (read
 * or write), from an export under way, or into it from an import under way. Pages and lists kept
 * in memory, and MCP, are proved in teams-api.test.ts ("removal on every path").
 */
let database: DatabaseHandle;
/** The app as a test app is: nothing served from memory, so each answer is the database's. */
let app: TestApp;
/** The app as the server is, with the database's change feed: its event stream. */
let live: TestApp;
let feed: ChangeFeed;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
  ({ app: live, feed } = await signedInMemory(database));
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

type Person = Awaited<ReturnType<typeof apiPerson>>;
const person = (on: TestApp = app) => apiPerson(database.db, on);

/** The two ways out of a team's reach: the owner removes the member, or deletes the team. */
const endings = [
  ["removed from the team", "removed"],
  ["whose team is deleted", "deleted"],
] as const;

async function end(how: "removed" | "deleted", owner: Person, teamId: string, member: Person) {
  const path =
    how === "removed"
      ? `/api/v1/teams/${teamId}/members/${member.user.id}`
      : `/api/v1/teams/${teamId}`;
  expect((await owner.call("DELETE", path)).status).toBe(204);
}

/** Every event an open stream receives, and its whole text, as they come, until `close`. */
function listen(response: Response) {
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no stream");
  const heard = { text: "", events: [] as PromptChange[], ended: false };
  const decoder = new TextDecoder();
  let pending = "";
  const reading = (async () => {
    for (;;) {
      const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (next.done) {
        heard.ended = true;
        return;
      }
      const chunk = decoder.decode(next.value, { stream: true });
      heard.text += chunk;
      pending += chunk;
      const blocks = pending.split("\n\n");
      pending = blocks.pop() ?? "";
      for (const block of blocks) {
        const data = block.split("\n").find((line) => line.startsWith("data: "));
        if (block.includes("event: prompt") && data) {
          heard.events.push(JSON.parse(data.slice(6)) as PromptChange);
        }
      }
    }
  })();
  return {
    heard,
    /** Waits for the event about this prompt (a notice crossing the database takes a moment). */
    async until(id: string) {
      await expect
        .poll(() => heard.events.some((event) => event.id === id), { timeout: 30_000 })
        .toBe(true);
    },
    async close() {
      await reader.cancel().catch(() => {});
      await reading;
    },
  };
}

const stream = async (who: Person) =>
  listen(await live.request("/api/v1/events", asActor(who.actor)));

describe("an open live event stream", () => {
  it.each(endings)(
    "of a member %s carries nothing of the team, before or after",
    async (_, how) => {
      const [owner, member, outsider] = await Promise.all([
        person(live),
        person(live),
        person(live),
      ]);
      const teamId = await teamOf(owner, [[member, "editor"]], "Lighthouse crew");
      // Both listening before anything of the team is written, so both hear the same from then on.
      const mine = await stream(member);
      const theirs = await stream(outsider);
      await Promise.all(
        [mine, theirs].map((s) => expect.poll(() => s.heard.text).toMatch(/ready/)),
      );
      const secret = await teamPrompt(owner, teamId, "The crew's own checklist.");
      const open = await teamPrompt(owner, teamId, "The crew's public checklist.", true);

      // A marker of the outsider's, shared: once both streams carry it, they carried all before it.
      const marker = async () => {
        const made = await outsider.call("POST", "/api/v1/prompts", {
          promptText: `A marker ${Math.random()}`,
          shared: true,
        });
        await Promise.all([mine.until(made.body.id), theirs.until(made.body.id)]);
        return made.body.id as string;
      };
      const edit = (id: string, promptText: string) =>
        owner.call("PATCH", `/api/v1/prompts/${id}`, { promptText });

      // As a member: the team's private prompt is on no stream; its shared one is on everyone's.
      await edit(secret, "The crew's own checklist, shorter.");
      await edit(open, "The crew's public checklist, shorter.");
      const before = await marker();
      expect(mine.heard.events).toEqual(theirs.heard.events);
      expect(mine.heard.events.map((e) => [e.type, e.id])).toEqual([
        ["created", open],
        ["updated", open],
        ["created", before],
      ]);

      const from = mine.heard.events.length;
      await end(how, owner, teamId, member);
      if (how === "removed") {
        await edit(secret, "The crew's own checklist, again.");
        await teamPrompt(owner, teamId, "A new private prompt of the crew.");
        await edit(open, "The crew's public checklist, again.");
        expect((await owner.call("DELETE", `/api/v1/prompts/${secret}`)).status).toBe(204);
      }
      const after = await marker();
      // After: exactly what someone who was never in the team hears (the shared prompt's public
      // changes, or its going with the team), and the stream stays open for the community's.
      const since = mine.heard.events.slice(from);
      expect(since).toEqual(theirs.heard.events.slice(from));
      expect(since.map((e) => [e.type, e.id])).toEqual(
        how === "removed"
          ? [
              ["updated", open],
              ["created", after],
            ]
          : [
              ["deleted", open],
              ["created", after],
            ],
      );
      expect(mine.heard.text).not.toContain(secret);
      expect(mine.heard.text).not.toContain("Lighthouse crew");
      expect(mine.heard.text).not.toContain(teamId);
      expect(mine.heard.ended).toBe(false);
      await Promise.all([mine.close(), theirs.close()]);
    },
  );
});

describe("access tokens", () => {
  it.each(endings)("of a member %s read and change nothing of the team", async (_, how) => {
    const [owner, member] = await Promise.all([person(), person()]);
    const teamId = await teamOf(owner, [[member, "editor"]]);
    const id = await teamPrompt(owner, teamId, "Plan the quarter.");
    const token = async (scope: "read" | "write"): Promise<Credential> => {
      const made = await member.call("POST", "/api/v1/tokens", { name: scope, scope });
      expect(made.status).toBe(201);
      return { token: made.body.token as string };
    };
    const [read, write] = await Promise.all([token("read"), token("write")]);
    const ask = (credential: Credential, method: string, path: string, json?: unknown) =>
      app.request(path, asActor(member.actor, { method, json, credential }));
    const list = `/api/v1/prompts?scope=team&team=${teamId}`;
    const one = `/api/v1/prompts/${id}`;
    const exported = `/api/v1/export?team=${teamId}`;
    const change = { promptText: "Plan the quarter, by week." };

    for (const credential of [read, write]) {
      const listed = await ask(credential, "GET", list);
      expect(listed.status).toBe(200);
      expect((await listed.json()).items.map((p: { id: string }) => p.id)).toEqual([id]);
      expect((await ask(credential, "GET", one)).status).toBe(200);
      expect((await ask(credential, "GET", exported)).status).toBe(200);
    }
    expect((await ask(read, "PATCH", one, change)).status).toBe(403);
    expect((await ask(write, "PATCH", one, change)).status).toBe(200);

    await end(how, owner, teamId, member);
    for (const credential of [read, write]) {
      for (const path of [list, one, exported]) {
        const refused = await ask(credential, "GET", path);
        expect(refused.status, path).toBe(404);
        expect(JSON.stringify(await refused.json())).not.toContain("Plan the quarter");
      }
    }
    const refused = await ask(write, "PATCH", one, { promptText: "Mine now?" });
    expect(refused.status).toBe(404);
    const [row] = await database.db.select().from(prompts).where(eq(prompts.id, id));
    if (how === "removed") expect(row?.promptText).toBe("Plan the quarter, by week.");
    else expect(row).toBeUndefined();
  });
});

/** 1,100 prompts of the team's: two whole batches of the export's reading (500) and a part one. */
async function largeTeam(owner: Person, teamId: string) {
  const start = Date.UTC(2024, 0, 1);
  await database.db.insert(prompts).values(
    Array.from({ length: 1_100 }, (_, i) => ({
      userId: owner.user.id,
      teamId,
      title: "Numbered",
      promptText: `Prompt number ${i}.`,
      isShared: false,
      createdAt: new Date(start + i * 1000),
    })),
  );
}

const promptsIn = (text: string) => text.match(/"promptText":"Prompt number \d+\."/g)?.length ?? 0;

describe("an export under way", () => {
  it.each(endings)(
    "of a member %s sends nothing of the team read after, and breaks off",
    async (_, how) => {
      const [owner, member] = await Promise.all([person(), person()]);
      const teamId = await teamOf(owner, [[member, "viewer"]]);
      await largeTeam(owner, teamId);
      const whole = await owner.call("GET", `/api/v1/export?team=${teamId}`);
      expect(promptsIn(whole.text)).toBe(1_100);

      const res = await app.request(`/api/v1/export?team=${teamId}`, asActor(member.actor));
      expect(res.status).toBe(200);
      const reader = res.body?.getReader();
      if (!reader) throw new Error("no body");
      const decoder = new TextDecoder();
      let text = "";
      // The first prompt has come: the first batch of 500 was read, by a member.
      while (!text.includes("Prompt number 0.")) {
        const next = await reader.read();
        if (next.done) throw new Error("the export ended early");
        text += decoder.decode(next.value, { stream: true });
      }
      await end(how, owner, teamId, member);
      let failure: unknown = null;
      for (;;) {
        const next = await reader.read().catch((error: unknown) => {
          failure = error;
          return { done: true as const, value: undefined };
        });
        if (next.done) break;
        text += decoder.decode(next.value, { stream: true });
      }
      // The batch read before the removal is sent (the export started before); the next one,
      // read through the team's rule after it, holds none; and the file is not made to look whole.
      expect(promptsIn(text)).toBe(500);
      expect(text).not.toContain("Prompt number 500.");
      expect(failure).toMatchObject({ code: "not_found", detail: "team_not_found" });
      expect(text.endsWith("]}\n")).toBe(false);
    },
  );
});

describe("an import under way", () => {
  it.each(endings)("of a member %s lands nothing, and logs nothing", async (_, how) => {
    const [owner, member] = await Promise.all([person(), person()]);
    const teamId = await teamOf(owner, [[member, "editor"]]);
    const viewer = viewerFor(member.user);
    const file = `act,prompt\n${Array.from({ length: 30 }, (_, i) => `A${i},Imported ${i}`).join("\n")}\n`;
    const limits = { promptsPerImport: 100, folderDepth: 32, versionsPerPrompt: 100 };
    const parsed = await parseImport(file, limits, pacer());
    // Between the import's transactions, once its first prompts are written (unlanded).
    let ended = false;
    const pace = async () => {
      if (ended) return;
      const written = await database.db
        .select({ id: prompts.id })
        .from(prompts)
        .where(eq(prompts.teamId, teamId));
      if (written.length === 0) return;
      ended = true;
      await end(how, owner, teamId, member);
    };
    await expect(
      applyImport({ db: database.db, viewer, teamId, parsed, dryRun: false, pace }),
    ).rejects.toMatchObject({ code: "not_found", detail: "team_not_found" });
    expect(ended).toBe(true);
    expect(
      await database.db.select().from(prompts).where(eq(prompts.userId, member.user.id)),
    ).toEqual([]);
    expect(
      await database.db
        .select()
        .from(teamActivity)
        .where(and(eq(teamActivity.teamId, teamId), eq(teamActivity.action, "prompts_imported"))),
    ).toEqual([]);
    // The person may import again, into their own library: the run was undone.
    const own = await member.upload("/api/v1/import", file);
    expect(own.status).toBe(201);
  });
});
