import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type PromptChange, titleAndCategory } from "../../shared/prompt.ts";
import { roleAtLeast, type TeamRole, teamRoles } from "../../shared/teams.ts";
import { type Actor, type ActorName, asActor, createActors } from "../../tests/support/actors.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import type { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { cacheChannel, type KeptAnswers } from "../cache/kept-answers.ts";
import { communityHighlights } from "../community/community-highlights.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { profiles, prompts, promptVersions, teams, users } from "../db/schema.ts";
import type { ChangeFeed } from "../live/change-feed.ts";
import { creatorName } from "./prompt-view.ts";

/**
 * A model of who may see and change which prompt. Owners see their own prompts; everyone signed
 * in sees shared (community) prompts, the administrator's global ones among them; the
 * administrator sees, changes and deletes any prompt; others change only their own; visitors
 * can neither read nor write through the API. Whether a prompt is shared is fixed at creation.
 *
 * A prompt's history goes with it: its versions are read by whoever can see it and restored by
 * whoever may change it. Anyone saves a copy of what they can see; the copy is theirs and
 * personal, knows the original's version it took, and reads or follows the original only while
 * its owner can still see it. Words a person once wrote in a personal prompt reach nobody else:
 * not through its versions, a search, a page, the day's highlights or the live event stream.
 *
 * Teams: anyone signed in makes a team and owns it; owners invite people as viewers, editors or
 * owners (an invitation accepted), change roles, remove members, and delete the team with its
 * prompts; anyone leaves. The last owner can neither leave nor be demoted. A team's prompt is
 * seen by its members alone (the administrator too only as a member), unless it is shared, which
 * is fixed at creation as for any prompt: a team prompt is shared by being created shared, or by
 * moving a shared prompt in. Editors and owners write the team's prompts, whoever wrote them;
 * a person moves their own personal prompt into a team they edit. A team's prompt is in nobody's
 * own library, its writer's neither, and loses its members the moment they leave: every path
 * above (lists, searches, a prompt, its history, saving, a copy's original, pages) follows.
 */

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let actors: Record<ActorName, Actor>;
let feed: ChangeFeed;
let cacheVersions: KeptAnswers["channel"];
/** How each signed-in actor is named as a version's author. */
let authorNames: Record<Writer, string>;
/** Every change the live event stream announced, in every run. */
const heard: PromptChange[] = [];
/** Every prompt ever created shared, in every run: the only ones the stream may name. */
const sharedEver = new Set<string>();

// Sessions and lists are served from memory as in production, so the model also proves that
// nothing kept there is ever stale or reaches the wrong person. New shares reach others without
// the community window and without an answer behind on them being served meanwhile here (both
// lags are cache-versions.test.ts's and signed-in-answers.test.ts's to prove), so that every
// answer must match the model at once.
beforeAll(async () => {
  database = await createTestDatabase();
  const memory = await signedInMemory(database, {
    env: { ADMIN_EMAILS: "admin@example.com" },
    communityWindowMs: 0,
    additionsLagMs: 0,
  });
  ({ feed, app } = memory);
  cacheVersions = memory.kept.channel;
  actors = await createActors(database.db);
  const named = await database.db
    .select({ id: users.id, name: users.name, email: users.email, username: profiles.username })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id));
  authorNames = Object.fromEntries(
    signedIn.map((actor) => {
      const user = named.find((row) => row.id === actors[actor].userId);
      const name = creatorName({
        ownerName: user?.name ?? null,
        ownerEmail: user?.email ?? null,
        ownerUsername: user?.username ?? null,
      });
      return [actor, name];
    }),
  ) as Record<Writer, string>;
  feed.subscribe((change) => {
    if (change) heard.push(change);
  });
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

type Writer = Exclude<ActorName, "visitor">;
type Scope = "personal" | "community" | "all" | "team";

interface Content {
  promptText: string;
  title: string;
  category: string | null;
}

interface ModelVersion extends Content {
  number: number;
  /** Who wrote it; null: nobody recorded, so the prompt's owner. */
  author: Writer | null;
  note: string | null;
  restoredFrom: number | null;
}

interface ModelPrompt extends Content {
  id: string;
  /** Who wrote it: its owner, or for a team's prompt the member who wrote it or moved it in. */
  owner: Writer;
  /** The team whose prompt it is; null: its owner's own. */
  team: string | null;
  shared: boolean;
  /** Every version, oldest first; the last is the current one, whose content is the prompt's. */
  versions: ModelVersion[];
  /** For a saved copy: the original (which may be gone) and its version the copy matches. */
  source: { id: string; version: number } | null;
}

interface ModelTeam {
  id: string;
  members: Map<Writer, TeamRole>;
}

interface Model {
  /** Prompts that exist, oldest first. */
  prompts: ModelPrompt[];
  /** Teams that exist, and every team id ever made (commands also aim at teams that are gone). */
  teams: ModelTeam[];
  teamIds: string[];
  /** Every id ever created, deleted ones too, so commands also aim at prompts that are gone. */
  created: string[];
  /** Every saved copy ever made, deleted ones too: what commands on a copy mostly aim at. */
  copies: string[];
  /**
   * Words written into someone's personal prompt, to be found by nobody else: a word searched
   * for, and a tail beside it that only shows if the prompt itself is shown (a page repeats the
   * word searched for).
   */
  secrets: { word: string; tail: string; owner: Writer }[];
}

/** The HTTP requests one run sent. */
interface Real {
  requests: number;
}

/** A well-formed id that never names a prompt. */
const missingId = "00000000-0000-4000-8000-000000000000";
/** A well-formed id that never names a team. */
const missingTeamId = "00000000-0000-4000-8000-00000000000e";

interface ApiPrompt {
  id: string;
  promptText: string;
  title: string;
  category: string | null;
  isShared: boolean;
  isOwn: boolean;
  isAdminCreated: boolean;
  teamId: string | null;
  createdAt: string;
}

const contentOf = (prompt: Content): Content => ({
  promptText: prompt.promptText,
  title: prompt.title,
  category: prompt.category,
});

const sameContent = (a: Content, b: Content) =>
  a.promptText === b.promptText && a.title === b.title && a.category === b.category;

const currentVersion = (prompt: ModelPrompt) => prompt.versions.length;

/** A new prompt: version 1, written by its owner. */
function newModelPrompt(
  id: string,
  owner: Writer,
  shared: boolean,
  content: Content,
  source: ModelPrompt["source"] = null,
  team: string | null = null,
): ModelPrompt {
  const first = { ...content, number: 1, author: null, note: null, restoredFrom: null };
  return { id, owner, team, shared, ...content, versions: [first], source };
}

/**
 * A change to the prompt's content, as the database keeps it: the next version, by `author`,
 * unless the content is what the prompt already says, which changes nothing.
 */
function writeModelVersion(
  prompt: ModelPrompt,
  content: Content,
  change: { author: Writer; note: string | null; restoredFrom: number | null },
) {
  if (sameContent(prompt, content)) return;
  prompt.versions.push({ ...content, number: currentVersion(prompt) + 1, ...change });
  Object.assign(prompt, content);
}

/** A version as the history lists it. */
function summaryOf(prompt: ModelPrompt, version: ModelVersion) {
  return {
    number: version.number,
    title: version.title,
    category: version.category,
    authorName: authorNames[version.author ?? prompt.owner],
    note: version.note,
    restoredFrom: version.restoredFrom,
    purged: null,
  };
}

async function send(
  real: Real,
  actor: ActorName,
  path: string,
  init: Parameters<typeof asActor>[1],
) {
  real.requests++;
  return app.request(path, asActor(actors[actor], init));
}

function targetOf(model: Model, pick: number) {
  const id = model.created.length > 0 ? (model.created[pick % model.created.length] ?? "") : "";
  return { id: id || missingId, prompt: model.prompts.find((prompt) => prompt.id === id) };
}

/** The actor's role in the team, null when they are not in it (or it is gone). */
function roleIn(model: Model, actor: ActorName, teamId: string | null) {
  const team = model.teams.find((candidate) => candidate.id === teamId);
  return (actor !== "visitor" && team?.members.get(actor)) || null;
}

/**
 * Shared prompts are everyone's to see; a team's, its members'; any other, its owner's and the
 * administrator's.
 */
function canSee(model: Model, actor: Writer, prompt: ModelPrompt) {
  if (prompt.shared) return true;
  if (prompt.team !== null) return roleIn(model, actor, prompt.team) !== null;
  return actor === "admin" || prompt.owner === actor;
}

/** What the actor sees not as the administrator: their own, their teams' and shared prompts. */
function seesAsAnyone(model: Model, actor: Writer, prompt: ModelPrompt) {
  if (prompt.team === null && !prompt.shared) return prompt.owner === actor;
  return canSee(model, actor, prompt);
}

/** A prompt in the actor's own library: theirs, and no team's. */
const isOwn = (prompt: ModelPrompt, actor: ActorName) =>
  prompt.owner === actor && prompt.team === null;

const find = (model: Model, id: string | undefined) =>
  model.prompts.find((prompt) => prompt.id === id);

/**
 * How the actor's own saved copy stands against its original; null for anything else. Updated
 * once the original has moved past the version the copy took and reads otherwise than it (its
 * text, title or use case): a restore back to that version reads the same.
 */
function upstreamOf(model: Model, prompt: ModelPrompt, actor: Writer) {
  if (!isOwn(prompt, actor) || !prompt.source) return null;
  const original = find(model, prompt.source.id);
  if (!original || !canSee(model, actor, original)) return "removed";
  const took = original.versions[prompt.source.version - 1];
  const moved = currentVersion(original) > prompt.source.version;
  return moved && (!took || !readsAlike(took, original)) ? "updated" : "current";
}

const readsAlike = (a: Content, b: Content) =>
  a.promptText === b.promptText && a.title === b.title && a.category === b.category;

/** The actor's saved copy of the prompt in their own library (one moved into a team is not). */
const copyOf = (model: Model, actor: Writer, id: string) =>
  model.prompts.find((prompt) => isOwn(prompt, actor) && prompt.source?.id === id);

/**
 * What saving a prompt answers when the person has it already (same-text.ts): their copy of it,
 * else their own prompt with the same text, a shared one before a personal one, then the oldest.
 * A team's is not theirs, a copy moved into a team included.
 */
function alreadyHeld(model: Model, actor: Writer, original: ModelPrompt) {
  const sameText = model.prompts.filter(
    (prompt) => isOwn(prompt, actor) && prompt.promptText === original.promptText,
  );
  return (
    copyOf(model, actor, original.id) ??
    sameText.find((prompt) => prompt.shared) ??
    sameText.find((prompt) => !prompt.shared)
  );
}

/**
 * A prompt you cannot see is not found; one you see but may not change is forbidden. A team's
 * prompt is changed by its editors and owners, whoever wrote it; any other by its owner and the
 * administrator.
 */
function changeStatus(model: Model, actor: ActorName, prompt: ModelPrompt | undefined) {
  if (actor === "visitor") return 401;
  if (!prompt || !canSee(model, actor, prompt)) return 404;
  if (prompt.team !== null) {
    return roleAtLeast(roleIn(model, actor, prompt.team), "editor") ? 200 : 403;
  }
  return actor === "admin" || prompt.owner === actor ? 200 : 403;
}

function expectShown(model: Model, item: ApiPrompt, prompt: ModelPrompt, actor: Writer) {
  expect(item).toMatchObject({
    id: prompt.id,
    promptText: prompt.promptText,
    title: prompt.title,
    category: prompt.category,
    isShared: prompt.shared,
    isOwn: isOwn(prompt, actor),
    isAdminCreated: prompt.owner === "admin",
    // The team is named to its members alone.
    teamId: roleIn(model, actor, prompt.team) === null ? null : prompt.team,
    version: currentVersion(prompt),
    saveCount: model.prompts.filter((copy) => copy.source?.id === prompt.id).length,
    // Your own prompt is yours already, whether or not you also keep a copy of it; a copy you
    // moved into a team is the team's, no longer a copy you keep.
    isSaved:
      prompt.owner !== actor &&
      model.prompts.some((copy) => isOwn(copy, actor) && copy.source?.id === prompt.id),
    savedFromId: prompt.source && find(model, prompt.source.id) ? prompt.source.id : null,
    upstream: upstreamOf(model, prompt, actor),
  });
}

const errorCodes: Record<number, string> = {
  400: "invalid_input",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
};

/** The error, and when `detail` is given the detail it carries (which thing was not found). */
async function expectError(res: Response, status: number, detail?: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body).toMatchObject({ error: { code: errorCodes[status] } });
  if (detail) expect(body.error.detail).toBe(detail);
  return body;
}

/** Every prompt and every kept version, as stored. */
const everyColumn = async () => ({
  prompts: await database.db.select().from(prompts).orderBy(asc(prompts.id)),
  versions: await database.db
    .select()
    .from(promptVersions)
    .orderBy(asc(promptVersions.promptId), asc(promptVersions.number)),
});

const userIdOf = (actor: Writer | null) => (actor ? actors[actor].userId : null);

/**
 * The stored prompts are exactly the model's, with the owners, texts, current versions and
 * links to originals it says, and their earlier versions are exactly the model's too.
 */
async function expectStoredAsModel(model: Model) {
  const stored = await database.db
    .select({
      id: prompts.id,
      userId: prompts.userId,
      teamId: prompts.teamId,
      isShared: prompts.isShared,
      createdByAdmin: prompts.createdByAdmin,
      promptText: prompts.promptText,
      title: prompts.title,
      category: prompts.category,
      version: prompts.version,
      versionAuthorId: prompts.versionAuthorId,
      versionNote: prompts.versionNote,
      versionRestoredFrom: prompts.versionRestoredFrom,
      sourcePromptId: prompts.sourcePromptId,
      sourceVersion: prompts.sourceVersion,
      saveCount: prompts.saveCount,
    })
    .from(prompts);
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  expect(stored.sort(byId)).toEqual(
    model.prompts
      .map((prompt) => {
        const current = prompt.versions.at(-1);
        return {
          id: prompt.id,
          userId: actors[prompt.owner].userId,
          teamId: prompt.team,
          isShared: prompt.shared,
          createdByAdmin: prompt.owner === "admin",
          promptText: prompt.promptText,
          title: prompt.title,
          category: prompt.category,
          version: currentVersion(prompt),
          versionAuthorId: userIdOf(current?.author ?? null),
          versionNote: current?.note ?? null,
          versionRestoredFrom: current?.restoredFrom ?? null,
          sourcePromptId: prompt.source && find(model, prompt.source.id) ? prompt.source.id : null,
          sourceVersion: prompt.source?.version ?? null,
          saveCount: model.prompts.filter((copy) => copy.source?.id === prompt.id).length,
        };
      })
      .sort(byId),
  );
  const versions = await database.db
    .select({
      promptId: promptVersions.promptId,
      number: promptVersions.number,
      promptText: promptVersions.promptText,
      title: promptVersions.title,
      category: promptVersions.category,
      authorId: promptVersions.authorId,
      note: promptVersions.note,
      restoredFrom: promptVersions.restoredFrom,
    })
    .from(promptVersions)
    .orderBy(asc(promptVersions.promptId), asc(promptVersions.number));
  expect(versions).toEqual(
    [...model.prompts].sort(byId).flatMap((prompt) =>
      prompt.versions.slice(0, -1).map((version) => ({
        promptId: prompt.id,
        number: version.number,
        promptText: version.promptText,
        title: version.title,
        category: version.category,
        authorId: userIdOf(version.author),
        note: version.note,
        restoredFrom: version.restoredFrom,
      })),
    ),
  );
}

/** A write that must be refused: the right error, and nothing stored (versions too) changes. */
async function expectRefusedWrite(
  write: () => Promise<Response>,
  statuses: number[],
  detail?: string,
) {
  const before = await everyColumn();
  const res = await write();
  expect(statuses).toContain(res.status);
  await expectError(res, res.status, detail);
  expect(await everyColumn()).toEqual(before);
}

function matches(prompt: ModelPrompt, term: string) {
  const needle = term.toLowerCase();
  return (
    prompt.promptText.toLowerCase().includes(needle) ||
    (prompt.category ?? "").toLowerCase().includes(needle)
  );
}

function inScope(model: Model, prompt: ModelPrompt, actor: Writer, scope: Scope, team: string) {
  if (scope === "personal") return isOwn(prompt, actor) && !prompt.shared;
  if (scope === "community") return prompt.shared;
  if (scope === "team") return prompt.team === team;
  return canSee(model, actor, prompt);
}

/**
 * A search lists exactly the model's visible matching prompts, newest first, on one page. A
 * team's list (`team`: its id) is its members' alone: anyone else finds no such team.
 */
async function search(
  model: Model,
  real: Real,
  actor: ActorName,
  scope: Scope,
  term: string,
  team = missingTeamId,
) {
  const res = await send(
    real,
    actor,
    `/api/v1/prompts?scope=${scope}&limit=100&q=${encodeURIComponent(term)}${scope === "team" ? `&team=${team}` : ""}`,
    {},
  );
  if (actor === "visitor") return expectError(res, 401);
  if (scope === "all" && actor !== "admin") return expectError(res, 403);
  if (scope === "team" && !roleIn(model, actor, team)) {
    return expectError(res, 404, "team_not_found");
  }
  expect(res.status).toBe(200);
  const page = (await res.json()) as { items: ApiPrompt[]; nextCursor: string | null };
  const expected = model.prompts.filter(
    (prompt) => inScope(model, prompt, actor, scope, team) && matches(prompt, term),
  );
  expect(page.nextCursor).toBeNull();
  expect(page.items.map((item) => item.id).sort()).toEqual(expected.map((p) => p.id).sort());
  for (const item of page.items) {
    const prompt = expected.find((candidate) => candidate.id === item.id);
    if (prompt) expectShown(model, item, prompt, actor);
  }
  const times = page.items.map((item) => Date.parse(item.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
}

/** One step of a run; the stored prompts must equal the model's after every step. */
class Step implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly label: string,
    private readonly act: (model: Model, real: Real) => Promise<void>,
  ) {}
  check() {
    return true;
  }
  async run(model: Model, real: Real) {
    await this.act(model, real);
    await expectStoredAsModel(model);
  }
  toString() {
    return this.label;
  }
}

const anyActor = fc.constantFrom<ActorName>("visitor", "userA", "userB", "admin");
const writer = fc.constantFrom<ActorName>("userA", "userB", "admin");
const actorMostlySignedIn = fc.oneof({ arbitrary: writer, weight: 4 }, anyActor);
const pick = fc.nat({ max: 50 });
const teamPick = fc.nat({ max: 20 });
const teamRole = fc.constantFrom<TeamRole>(...teamRoles);
const promptText = fc
  .array(fc.constantFrom("Alpha", "beta", "GAMMA", "delta", "summary", "tone"), {
    minLength: 1,
    maxLength: 3,
  })
  .map((words) => words.join(" "));
// The long use case is cut to 35 characters, so "launch" is no longer in its category.
const useCase = fc.option(
  fc.constantFrom("", "Beta notes", "Writing", "Marketing copy for a long product launch"),
  { nil: undefined },
);
const term = fc.constantFrom(
  "",
  "alpha",
  "ALPHA",
  "lph",
  "beta",
  "a b",
  "notes",
  "writing",
  "product",
  "launch",
  "zzz",
  "%",
  "_",
);

const create = fc
  .record({ actor: actorMostlySignedIn, shared: fc.boolean(), promptText, useCase })
  .map(
    (input) =>
      new Step(`create(${JSON.stringify(input)})`, async (model, real) => {
        const { actor, ...json } = input;
        const write = () => send(real, actor, "/api/v1/prompts", { method: "POST", json });
        if (actor === "visitor") return expectRefusedWrite(write, [401]);
        const res = await write();
        expect(res.status).toBe(201);
        const created = (await res.json()) as ApiPrompt;
        const prompt = newModelPrompt(created.id, actor, input.shared, {
          promptText: input.promptText,
          ...titleAndCategory(input.useCase),
        });
        expectShown(model, created, prompt, actor);
        model.prompts.push(prompt);
        model.created.push(prompt.id);
        if (prompt.shared) sharedEver.add(prompt.id);
      }),
  );

/** Sends an edit and applies it to the model when the rules allow it. */
async function edit(
  model: Model,
  real: Real,
  actor: ActorName,
  pickIndex: number,
  json: { promptText?: string; useCase?: string; shared?: boolean; note?: string },
) {
  const { id, prompt } = targetOf(model, pickIndex);
  const write = () =>
    send(real, actor, `/api/v1/prompts/${id}`, { method: "PATCH", json: { ...json } });
  const status = changeStatus(model, actor, prompt);
  if (status !== 200 || !prompt) return expectRefusedWrite(write, [status]);
  const res = await write();
  expect(res.status).toBe(200);
  writeModelVersion(
    prompt,
    {
      ...contentOf(prompt),
      ...(json.promptText !== undefined ? { promptText: json.promptText } : {}),
      ...(json.useCase !== undefined ? titleAndCategory(json.useCase) : {}),
    },
    { author: actor as Writer, note: json.note?.trim() || null, restoredFrom: null },
  );
  expectShown(model, (await res.json()) as ApiPrompt, prompt, actor as Writer);
}

const note = fc.option(fc.constantFrom("tightened the tone", "  spaced  ", ""), {
  nil: undefined,
});

const editCommand = fc
  .record({ actor: actorMostlySignedIn, pick, promptText: fc.option(promptText), useCase, note })
  .filter((input) => input.promptText !== null || input.useCase !== undefined)
  .map(({ actor, pick: at, promptText: text, useCase: newUseCase, note: why }) => {
    const json = { promptText: text ?? undefined, useCase: newUseCase, note: why };
    return new Step(`edit(${actor}, #${at}, ${JSON.stringify(json)})`, (model, real) =>
      edit(model, real, actor, at, json),
    );
  });

// Visibility is fixed at creation: asking to flip it alongside a text change only changes the
// text, and asking for nothing else is refused as input with nothing to change.
const shareCommand = fc
  .record({ actor: actorMostlySignedIn, pick, promptText: fc.option(promptText) })
  .map(
    ({ actor, pick: at, promptText: text }) =>
      new Step(`share(${actor}, #${at}, ${JSON.stringify(text)})`, async (model, real) => {
        const { id, prompt } = targetOf(model, at);
        const shared = !(prompt?.shared ?? false);
        if (text !== null) return edit(model, real, actor, at, { shared, promptText: text });
        await expectRefusedWrite(
          () => send(real, actor, `/api/v1/prompts/${id}`, { method: "PATCH", json: { shared } }),
          actor === "visitor" ? [400, 401] : [400],
        );
      }),
  );

const deleteCommand = fc.record({ actor: actorMostlySignedIn, pick }).map(
  ({ actor, pick: at }) =>
    new Step(`delete(${actor}, #${at})`, async (model, real) => {
      const { id, prompt } = targetOf(model, at);
      const write = () => send(real, actor, `/api/v1/prompts/${id}`, { method: "DELETE" });
      const status = changeStatus(model, actor, prompt);
      if (status !== 200) return expectRefusedWrite(write, [status]);
      expect((await write()).status).toBe(204);
      model.prompts = model.prompts.filter((candidate) => candidate.id !== id);
    }),
);

const getCommand = fc.record({ actor: anyActor, pick }).map(
  ({ actor, pick: at }) =>
    new Step(`get(${actor}, #${at})`, async (model, real) => {
      const { id, prompt } = targetOf(model, at);
      const res = await send(real, actor, `/api/v1/prompts/${id}`, {});
      if (actor === "visitor") return expectError(res, 401);
      if (!prompt || !canSee(model, actor, prompt)) return expectError(res, 404);
      expect(res.status).toBe(200);
      expectShown(model, (await res.json()) as ApiPrompt, prompt, actor);
    }),
);

/** A version number to ask for: one the prompt has, or now and then the one after its newest. */
const versionAt = (prompt: ModelPrompt | undefined, at: number) =>
  1 + (at % ((prompt ? currentVersion(prompt) : 1) + 1));

const historyCommand = fc.record({ actor: anyActor, pick }).map(
  ({ actor, pick: at }) =>
    new Step(`history(${actor}, #${at})`, async (model, real) => {
      const { id, prompt } = targetOf(model, at);
      const res = await send(real, actor, `/api/v1/prompts/${id}/versions`, {});
      if (actor === "visitor") return expectError(res, 401);
      if (!prompt || !canSee(model, actor, prompt)) {
        return expectError(res, 404, "prompt_not_found");
      }
      expect(res.status).toBe(200);
      const history = await res.json();
      expect(history).toMatchObject({
        promptId: prompt.id,
        current: currentVersion(prompt),
        oldestKept: 1,
      });
      expect(history.versions).toMatchObject(
        [...prompt.versions].reverse().map((version) => summaryOf(prompt, version)),
      );
      expect(history.versions).toHaveLength(prompt.versions.length);
    }),
);

const versionCommand = fc.record({ actor: anyActor, pick, number: pick }).map(
  ({ actor, pick: at, number }) =>
    new Step(`version(${actor}, #${at}, ${number})`, async (model, real) => {
      const { id, prompt } = targetOf(model, at);
      const n = versionAt(prompt, number);
      const res = await send(real, actor, `/api/v1/prompts/${id}/versions/${n}`, {});
      if (actor === "visitor") return expectError(res, 401);
      // Whether a hidden prompt has such a version is no more known than whether it exists.
      if (!prompt || !canSee(model, actor, prompt)) {
        return expectError(res, 404, "prompt_not_found");
      }
      const version = prompt.versions[n - 1];
      if (!version) return expectError(res, 404, "version_not_found");
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        ...summaryOf(prompt, version),
        promptText: version.promptText,
      });
    }),
);

const restoreCommand = fc.record({ actor: actorMostlySignedIn, pick, number: pick }).map(
  ({ actor, pick: at, number }) =>
    new Step(`restore(${actor}, #${at}, ${number})`, async (model, real) => {
      const { id, prompt } = targetOf(model, at);
      const n = versionAt(prompt, number);
      const write = () =>
        send(real, actor, `/api/v1/prompts/${id}/versions/${n}/restore`, { method: "POST" });
      const status = changeStatus(model, actor, prompt);
      if (status !== 200 || !prompt) return expectRefusedWrite(write, [status]);
      const version = prompt.versions[n - 1];
      if (!version) return expectRefusedWrite(write, [404], "version_not_found");
      const res = await write();
      expect(res.status).toBe(200);
      writeModelVersion(prompt, contentOf(version), {
        author: actor as Writer,
        note: null,
        restoredFrom: n,
      });
      expectShown(model, (await res.json()) as ApiPrompt, prompt, actor as Writer);
    }),
);

const saveCommand = fc.record({ actor: actorMostlySignedIn, pick }).map(
  ({ actor, pick: at }) =>
    new Step(`save(${actor}, #${at})`, async (model, real) => {
      const { id, prompt } = targetOf(model, at);
      const write = () => send(real, actor, `/api/v1/prompts/${id}/save`, { method: "POST" });
      if (actor === "visitor") return expectRefusedWrite(write, [401]);
      if (!prompt || !canSee(model, actor, prompt)) return expectRefusedWrite(write, [404]);
      const kept = alreadyHeld(model, actor, prompt);
      const res = await write();
      expect(res.status).toBe(kept ? 200 : 201);
      const body = (await res.json()) as ApiPrompt;
      const copy =
        kept ??
        newModelPrompt(body.id, actor, false, contentOf(prompt), {
          id: prompt.id,
          version: currentVersion(prompt),
        });
      if (!kept) {
        model.prompts.push(copy);
        model.created.push(copy.id);
        model.copies.push(copy.id);
      }
      expectShown(model, body, copy, actor);
    }),
);

/**
 * A saved copy and its original, or why the actor is refused them: a copy they cannot see is
 * not found; so is the original of a copy that has none, or none they can still see. Three
 * picks in four aim at a copy when there is one, the others at any prompt.
 */
function copyAndOriginal(model: Model, actor: ActorName, at: number) {
  const copyId = at % 4 === 3 ? "" : model.copies[at % Math.max(model.copies.length, 1)];
  const { id, prompt } = copyId ? { id: copyId, prompt: find(model, copyId) } : targetOf(model, at);
  if (actor === "visitor") return { id, refusal: [401, undefined] as const };
  if (!prompt || !canSee(model, actor, prompt)) {
    return { id, refusal: [404, "prompt_not_found"] as const };
  }
  const original = find(model, prompt.source?.id);
  if (!prompt.source || !original || !canSee(model, actor, original)) {
    return { id, refusal: [404, "original_not_found"] as const };
  }
  return { id, copy: prompt, source: prompt.source, original };
}

const upstreamCommand = fc.record({ actor: actorMostlySignedIn, pick }).map(
  ({ actor, pick: at }) =>
    new Step(`upstream(${actor}, #${at})`, async (model, real) => {
      const found = copyAndOriginal(model, actor, at);
      const res = await send(real, actor, `/api/v1/prompts/${found.id}/upstream`, {});
      if (found.refusal) return expectError(res, found.refusal[0], found.refusal[1]);
      const { copy, source, original } = found;
      expect(res.status).toBe(200);
      const from = original.versions[source.version - 1];
      const version = (v: ModelVersion) => ({
        ...summaryOf(original, v),
        promptText: v.promptText,
      });
      expect(await res.json()).toEqual({
        original: { id: original.id, title: original.title },
        from: from ? { ...version(from), createdAt: expect.any(String) } : null,
        fromVersion: source.version,
        current: {
          ...version(original.versions.at(-1) as ModelVersion),
          createdAt: expect.any(String),
        },
        copy: contentOf(copy),
        edited: !from || !sameContent(from, copy),
      });
    }),
);

const applyUpstreamCommand = fc
  .record({
    actor: actorMostlySignedIn,
    pick,
    take: fc.constantFrom("original", "mine"),
    // Now and then a choice made while the original moved on.
    stale: fc.constantFrom(false, false, false, true),
  })
  .map(
    ({ actor, pick: at, take, stale }) =>
      new Step(`applyUpstream(${actor}, #${at}, ${take}, stale ${stale})`, async (model, real) => {
        const found = copyAndOriginal(model, actor, at);
        const latest = found.original ? currentVersion(found.original) : 1;
        // A choice made on another version than the original's newest: an older one, or one
        // after it (which no one can have seen).
        const version = stale ? (latest > 1 ? latest - 1 : latest + 1) : latest;
        const write = () =>
          send(real, actor, `/api/v1/prompts/${found.id}/upstream`, {
            method: "POST",
            json: { take, version },
          });
        if (found.refusal) {
          const [status, detail] = found.refusal;
          return expectRefusedWrite(write, [status], detail);
        }
        const { copy, source, original } = found;
        // A copy moved into a team is its editors' to bring up to date.
        const status = changeStatus(model, actor, copy);
        if (status !== 200) return expectRefusedWrite(write, [status]);
        if (stale) return expectRefusedWrite(write, [409], "original_changed");
        const res = await write();
        expect(res.status).toBe(200);
        if (take === "original") {
          writeModelVersion(copy, contentOf(original), {
            author: actor as Writer,
            note: `Updated from the original's version ${latest}`,
            restoredFrom: null,
          });
        }
        source.version = latest;
        expectShown(model, (await res.json()) as ApiPrompt, copy, actor as Writer);
      }),
  );

let secretsMade = 0;

/**
 * A person writes a word of their own into a personal prompt of theirs (a new one when they have
 * none): a secret the run's end makes sure nobody else ever finds, even once edited away.
 */
const privateEditCommand = fc.record({ actor: writer, pick, promptText }).map(
  ({ actor, pick: at, promptText: text }) =>
    new Step(`privateEdit(${actor}, #${at}, ${JSON.stringify(text)})`, async (model, real) => {
      const owner = actor as Writer;
      // Digits and a closing letter, so no secret is found inside another.
      const mark = `${Date.now() % 100_000}${++secretsMade}q`;
      const secret = { word: `secret${mark}`, tail: `tail${mark}`, owner };
      const withWord = `${text} ${secret.word} ${secret.tail}`;
      model.secrets.push(secret);
      const own = model.prompts.filter((prompt) => isOwn(prompt, owner) && !prompt.shared);
      const prompt = own[at % Math.max(own.length, 1)];
      if (prompt) {
        return edit(model, real, owner, model.created.indexOf(prompt.id), {
          promptText: withWord,
        });
      }
      const res = await send(real, owner, "/api/v1/prompts", {
        method: "POST",
        json: { promptText: withWord, shared: false },
      });
      expect(res.status).toBe(201);
      const created = (await res.json()) as ApiPrompt;
      const made = newModelPrompt(created.id, owner, false, {
        promptText: withWord,
        ...titleAndCategory(undefined),
      });
      model.prompts.push(made);
      model.created.push(made.id);
    }),
);

/** HTML pages that list prompts: the community's and the person's own. */
const listPages = ["/community", "/dashboard"];

/**
 * No secret reaches anyone but its writer (and the administrator, who sees every prompt but not
 * in community lists): the versions of a prompt that ever held it are not found for those who
 * cannot see the prompt; searching for it finds only what the model says; no page (the
 * community's, or a list searched for it) shows it to anyone else, unless they keep a prompt
 * saying it now (the administrator's saved copy of it); the day's highlights and the live event
 * stream never name a personal prompt, and the highlights count only shared ones.
 */
async function expectSecretsKept(model: Model, real: Real) {
  for (const { word, owner } of model.secrets) {
    const holders = model.prompts.filter((prompt) =>
      prompt.versions.some((version) => version.promptText.includes(word)),
    );
    for (const actor of signedIn.filter((candidate) => candidate !== owner)) {
      for (const holder of holders.filter((prompt) => !canSee(model, actor, prompt))) {
        const base = `/api/v1/prompts/${holder.id}`;
        const paths = [`${base}/versions`, `${base}/upstream`];
        for (let n = 1; n <= currentVersion(holder) + 1; n++) paths.push(`${base}/versions/${n}`);
        for (const path of paths) {
          const body = await expectError(
            await send(real, actor, path, {}),
            404,
            "prompt_not_found",
          );
          expect(JSON.stringify(body)).not.toContain(word);
        }
      }
      for (const scope of ["personal", "community", "all"] as const) {
        await search(model, real, actor, scope, word);
      }
    }
  }
  for (const actor of signedIn) {
    // Unless a prompt the actor sees as anyone would (their own, their team's, a shared one)
    // says it now: the administrator's saved copy of it, or one moved into a team they are in.
    const hidden = model.secrets.filter(
      ({ tail, owner }) =>
        owner !== actor &&
        !model.prompts.some(
          (prompt) => seesAsAnyone(model, actor, prompt) && prompt.promptText.includes(tail),
        ),
    );
    const latest = hidden.at(-1);
    if (!latest) continue;
    // Pages take a while to render: the community's with its highlights, and both lists
    // searched for the newest hidden secret (earlier ones had their turn in other runs).
    const addresses = ["/community", ...listPages.map((page) => `${page}?q=${latest.word}`)];
    for (const address of addresses) {
      const res = await send(real, actor, address, {});
      expect(res.status).toBe(200);
      const html = await res.text();
      for (const { tail } of hidden) expect(html, `${address} as ${actor}`).not.toContain(tail);
    }
  }
  const highlights = await communityHighlights({ db: database.db });
  const shared = new Set(model.prompts.filter((prompt) => prompt.shared).map((p) => p.id));
  expect(highlights.freshCount).toBe(shared.size);
  for (const shown of [highlights.promptOfTheDay, ...highlights.freshToday]) {
    if (shown) expect(shared.has(shown.id), shown.id).toBe(true);
  }
  expect(heard.filter((change) => !sharedEver.has(change.id))).toEqual([]);
}

const searchCommand = fc
  .record({
    actor: anyActor,
    scope: fc.constantFrom<Scope>("personal", "community", "all", "team"),
    term,
    at: teamPick,
  })
  .map(
    ({ actor, scope, term: q, at }) =>
      new Step(
        `search(${actor}, ${scope}${scope === "team" ? ` #${at}` : ""}, ${JSON.stringify(q)})`,
        (model, real) => search(model, real, actor, scope, q, teamAt(model, at).id),
      ),
  );

/** A team to aim at: one made in this run (gone or not), or one that never was. */
function teamAt(model: Model, at: number) {
  const id = model.teamIds[at % Math.max(model.teamIds.length, 1)] ?? missingTeamId;
  return { id, team: model.teams.find((team) => team.id === id) };
}

/** How the team answers the actor asking for what `least` may do: not found to outsiders. */
function teamStatus(model: Model, actor: ActorName, teamId: string, least: TeamRole) {
  if (actor === "visitor") return 401;
  const role = roleIn(model, actor, teamId);
  if (!role) return 404;
  return roleAtLeast(role, least) ? 200 : 403;
}

const teamDetail = (status: number) =>
  status === 404 ? "team_not_found" : status === 403 ? "team_role" : undefined;

/**
 * Waits until this process has heard every change notice sent so far (a marker of its own, sent
 * after them, has come back). A member's lists kept in memory follow their removal, role change
 * or team's deletion when its notice is heard, as they follow any change another person makes
 * (teams-api.test.ts proves the list is dropped then); on PostgreSQL the notice can come a moment
 * after the answer, so a step that changes someone else's membership waits for it.
 */
async function noticesHeard() {
  const marker = `visibility-model-${randomUUID()}`;
  const before = cacheVersions.of(marker, false);
  await database.db.execute(sql`select pg_notify(${cacheChannel}, ${`user:${marker}`})`);
  const deadline = Date.now() + 30_000;
  while (cacheVersions.of(marker, false) === before) {
    if (Date.now() > deadline) throw new Error("the change notice never came");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const owners = (team: ModelTeam) => [...team.members.values()].filter((r) => r === "owner").length;

/**
 * Who acts on a team: mostly one of its owners or members (chosen when the step runs, from the
 * team as it is then), now and then anyone at all, so that outsiders and visitors ask too.
 */
type Among = "owners" | "members" | "others";
type Who = { among: Among; n: number } | { actor: ActorName };
const who = (among: Among) =>
  fc.oneof(
    { arbitrary: fc.nat({ max: 5 }).map((n): Who => ({ among, n })), weight: 3 },
    { arbitrary: actorMostlySignedIn.map((actor): Who => ({ actor })), weight: 1 },
  );
const whoLabel = (w: Who) => ("actor" in w ? w.actor : `${w.among.slice(0, -1)}#${w.n}`);

/**
 * The actor a choice names in the team as it is (`others`: its members but `besides`); with
 * nobody to choose from, a signed-in one.
 */
function resolve(team: ModelTeam | undefined, w: Who, besides?: ActorName): ActorName {
  if ("actor" in w) return w.actor;
  const all = signedIn.filter((actor) => team?.members.has(actor));
  const among =
    w.among === "owners"
      ? all.filter((a) => team?.members.get(a) === "owner")
      : w.among === "others"
        ? all.filter((a) => a !== besides)
        : all;
  const from = among.length > 0 ? among : signedIn;
  return from[w.n % from.length] ?? "userA";
}

const createTeam = (actor: ActorName) =>
  new Step(`createTeam(${actor})`, async (model, real) => {
    const res = await send(real, actor, "/api/v1/teams", {
      method: "POST",
      json: { name: "Team" },
    });
    if (actor === "visitor") return expectError(res, 401);
    expect(res.status).toBe(201);
    const made = (await res.json()) as { id: string };
    expect(made).toMatchObject({ name: "Team", role: "owner", memberCount: 1 });
    model.teams.push({ id: made.id, members: new Map([[actor, "owner"]]) });
    model.teamIds.push(made.id);
  });
const createTeamCommand = actorMostlySignedIn.map(createTeam);

/** An owner invites someone for a role, and they accept: a member keeps the role they have. */
const joinCommand = fc
  .record({ inviter: who("owners"), joiner: writer, at: teamPick, role: teamRole })
  .map(
    ({ inviter: w, joiner, at, role }) =>
      new Step(`join(${whoLabel(w)} invites ${joiner} as ${role}, #${at})`, async (model, real) => {
        const { id, team } = teamAt(model, at);
        const inviter = resolve(team, w);
        const res = await send(real, inviter, `/api/v1/teams/${id}/invitations`, {
          method: "POST",
          json: { role },
        });
        const status = teamStatus(model, inviter, id, "owner");
        if (status !== 200 || !team) return expectError(res, status, teamDetail(status));
        expect(res.status).toBe(201);
        const { code } = (await res.json()) as { code: string };
        const accepted = await send(real, joiner, `/api/v1/invitations/${code}/accept`, {
          method: "POST",
        });
        expect(accepted.status).toBe(200);
        const had = team.members.get(joiner as Writer);
        expect(await accepted.json()).toEqual({ teamId: id, role: had ?? role });
        if (!had) team.members.set(joiner as Writer, role);
      }),
  );

const changeRoleCommand = fc
  .record({ actor: who("owners"), subject: who("others"), at: teamPick, role: teamRole })
  .map(
    ({ actor: w, subject: s, at, role }) =>
      new Step(
        `changeRole(${whoLabel(w)}: ${whoLabel(s)} to ${role}, #${at})`,
        async (model, real) => {
          const { id, team } = teamAt(model, at);
          const actor = resolve(team, w);
          const subject = resolve(team, s, actor);
          const userId = actors[subject].userId ?? missingId;
          const res = await send(real, actor, `/api/v1/teams/${id}/members/${userId}`, {
            method: "PATCH",
            json: { role },
          });
          const status = teamStatus(model, actor, id, "owner");
          if (status !== 200 || !team) return expectError(res, status, teamDetail(status));
          const had = roleIn(model, subject, id);
          if (!had) return expectError(res, 404, "team_not_found");
          if (had === "owner" && role !== "owner" && owners(team) === 1) {
            return expectError(res, 409, "team_needs_owner");
          }
          expect(res.status).toBe(200);
          expect(await res.json()).toMatchObject({ userId, role });
          team.members.set(subject as Writer, role);
          await noticesHeard();
        },
      ),
  );

/** An owner removes a member, or a member leaves (the subject is the actor). */
const removeCommand = fc
  .record({
    actor: who("owners"),
    subject: who("others"),
    leave: fc.constantFrom(false, false, true),
    at: teamPick,
  })
  .map(
    ({ actor: w, subject: s, leave, at }) =>
      new Step(
        `remove(${leave ? `${whoLabel(s)} leaves` : `${whoLabel(w)}: ${whoLabel(s)}`}, #${at})`,
        async (model, real) => {
          const { id, team } = teamAt(model, at);
          // Leaving: the subject is the one who asks.
          const actor = leave ? resolve(team, s) : resolve(team, w);
          const subject = leave ? actor : resolve(team, s, actor);
          const userId = actors[subject].userId ?? missingId;
          const res = await send(real, actor, `/api/v1/teams/${id}/members/${userId}`, {
            method: "DELETE",
          });
          const status = teamStatus(model, actor, id, actor === subject ? "viewer" : "owner");
          if (status !== 200 || !team) return expectError(res, status, teamDetail(status));
          const had = roleIn(model, subject, id);
          if (!had) return expectError(res, 404, "team_not_found");
          if (had === "owner" && owners(team) === 1) {
            return expectError(res, 409, "team_needs_owner");
          }
          expect(res.status).toBe(204);
          team.members.delete(subject as Writer);
          await noticesHeard();
        },
      ),
  );

/** An owner deletes a team, and its prompts (a copy of one says its original was removed). */
const deleteTeamCommand = fc.record({ actor: who("owners"), at: teamPick }).map(
  ({ actor: w, at }) =>
    new Step(`deleteTeam(${whoLabel(w)}, #${at})`, async (model, real) => {
      const { id, team } = teamAt(model, at);
      const actor = resolve(team, w);
      const res = await send(real, actor, `/api/v1/teams/${id}`, { method: "DELETE" });
      const status = teamStatus(model, actor, id, "owner");
      if (status !== 200) return expectError(res, status, teamDetail(status));
      expect(res.status).toBe(204);
      model.teams = model.teams.filter((candidate) => candidate.id !== id);
      model.prompts = model.prompts.filter((prompt) => prompt.team !== id);
      await noticesHeard();
    }),
);

/** A member writes a prompt into the team, shared with the community or the team's alone. */
const createTeamPromptCommand = fc
  .record({ actor: who("members"), at: teamPick, shared: fc.boolean(), promptText, useCase })
  .map(
    ({ actor: w, at, ...input }) =>
      new Step(
        `createTeamPrompt(${whoLabel(w)}, #${at}, ${JSON.stringify(input)})`,
        async (model, real) => {
          const { id, team } = teamAt(model, at);
          const actor = resolve(team, w);
          const write = () =>
            send(real, actor, "/api/v1/prompts", {
              method: "POST",
              json: { ...input, teamId: id },
            });
          const status = teamStatus(model, actor, id, "editor");
          if (status !== 200) return expectRefusedWrite(write, [status], teamDetail(status));
          const res = await write();
          expect(res.status).toBe(201);
          const created = (await res.json()) as ApiPrompt;
          const content = { promptText: input.promptText, ...titleAndCategory(input.useCase) };
          const prompt = newModelPrompt(
            created.id,
            actor as Writer,
            input.shared,
            content,
            null,
            id,
          );
          expectShown(model, created, prompt, actor as Writer);
          model.prompts.push(prompt);
          model.created.push(prompt.id);
          if (prompt.shared) sharedEver.add(prompt.id);
        },
      ),
  );

/**
 * A member moves a prompt into the team: mostly one of their own (shared or not, a saved copy
 * or not), which only its owner may, and only into a team they edit; now and then any prompt.
 */
const moveCommand = fc.record({ actor: who("members"), own: fc.boolean(), pick, at: teamPick }).map(
  ({ actor: w, own, pick: target, at }) =>
    new Step(
      `move(${whoLabel(w)}, ${own ? "own " : ""}#${target} into #${at})`,
      async (model, real) => {
        const { id: teamId, team } = teamAt(model, at);
        const actor = resolve(team, w);
        const mine = model.prompts.filter((candidate) => isOwn(candidate, actor));
        const chosen = own ? mine[target % Math.max(mine.length, 1)] : undefined;
        const { id, prompt } = chosen ? { id: chosen.id, prompt: chosen } : targetOf(model, target);
        const write = () =>
          send(real, actor, `/api/v1/prompts/${id}/team`, { method: "PUT", json: { teamId } });
        if (actor === "visitor") return expectRefusedWrite(write, [401]);
        if (!prompt || !canSee(model, actor, prompt)) {
          return expectRefusedWrite(write, [404], "prompt_not_found");
        }
        if (!isOwn(prompt, actor)) return expectRefusedWrite(write, [403], "prompt_not_own");
        const status = teamStatus(model, actor, teamId, "editor");
        if (status !== 200) return expectRefusedWrite(write, [status], teamDetail(status));
        const res = await write();
        expect(res.status).toBe(200);
        prompt.team = teamId;
        expectShown(model, (await res.json()) as ApiPrompt, prompt, actor);
      },
    ),
);

/** Each run starts with a team made, and up to three people invited into it. */
const teamsToStart = fc
  .tuple(writer.map(createTeam), fc.array(joinCommand, { maxLength: 3 }))
  .map(([made, joins]) => [made, ...joins]);

const maxCommands = 40;
const numRuns = 40;
const signedIn: Writer[] = ["userA", "userB", "admin"];

it("every actor sees and changes exactly what the visibility rules allow", {
  timeout: 180_000,
}, async () => {
  const runs: Real[] = [];
  await fc.assert(
    fc.asyncProperty(
      teamsToStart,
      fc.commands(
        [
          create,
          create,
          editCommand,
          editCommand,
          shareCommand,
          deleteCommand,
          getCommand,
          searchCommand,
          historyCommand,
          versionCommand,
          restoreCommand,
          restoreCommand,
          saveCommand,
          saveCommand,
          upstreamCommand,
          upstreamCommand,
          applyUpstreamCommand,
          applyUpstreamCommand,
          privateEditCommand,
          createTeamCommand,
          createTeamCommand,
          joinCommand,
          joinCommand,
          changeRoleCommand,
          removeCommand,
          removeCommand,
          deleteTeamCommand,
          createTeamPromptCommand,
          createTeamPromptCommand,
          moveCommand,
          moveCommand,
        ],
        { maxCommands, size: "max" },
      ),
      async (start, commands) => {
        const model: Model = {
          prompts: [],
          teams: [],
          teamIds: [],
          created: [],
          copies: [],
          secrets: [],
        };
        const real: Real = { requests: 0 };
        runs.push(real);
        await fc.asyncModelRun(async () => {
          await database.db.delete(prompts);
          await database.db.delete(teams);
          // That reset went behind the app's back, as another instance's change would, and its
          // notice may not have arrived yet: start as after a gap in the change channel, which
          // drops whatever was kept.
          cacheVersions.setListening(true);
          // A team to start with, and some of its members, so that team steps find one.
          for (const step of start) await step.run(model, real);
          return { model, real };
        }, commands);
        // At the end of a run, every signed-in actor's unfiltered lists match the model too.
        for (const actor of signedIn) {
          for (const scope of ["personal", "community", "all"] as const) {
            await search(model, real, actor, scope, "");
          }
          for (const team of model.teamIds) await search(model, real, actor, "team", "", team);
        }
        await expectSecretsKept(model, real);
      },
    ),
    { numRuns },
  );
  const counts = runs.map((run) => run.requests);
  const total = counts.reduce((sum, count) => sum + count, 0);
  console.info(
    `visibility model: ${runs.length} runs (shrinking included), ${total} HTTP requests, ` +
      `${Math.min(...counts)} to ${Math.max(...counts)} per run, ` +
      `${(total / runs.length).toFixed(1)} on average`,
  );
  // Notices still on their way at the end of the last run come before a marker sent now (the
  // database's prompt_changes channel, drizzle/0011, keeps their order): the stream named
  // shared prompts (so it was heard at all), and only them.
  const marker = randomUUID();
  await database.db.execute(
    sql`select pg_notify('prompt_changes', ${JSON.stringify({ type: "updated", id: marker, category: null })})`,
  );
  await expect
    .poll(() => heard.some((change) => change.id === marker), { timeout: 15_000 })
    .toBe(true);
  const announced = heard.filter((change) => change.id !== marker);
  expect(announced.length).toBeGreaterThan(0);
  expect(announced.filter((change) => !sharedEver.has(change.id))).toEqual([]);
});
