import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, asActor, type Credential } from "../../tests/support/actors.ts";
import {
  createPrompt,
  createUser,
  signedInCookie,
  viewerFor,
} from "../../tests/support/factories.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import {
  promptLabels,
  promptSuggestions,
  prompts,
  promptTests,
  teamMembers,
  teams,
} from "../db/schema.ts";
import { createAccessToken } from "../tokens/access-tokens.ts";

/**
 * Who may do what with a team's prompts, as a matrix: every role in the team, and everyone
 * outside it (a member removed, another person, an administrator, a visitor), each operation,
 * on a team prompt kept in the team and one its editors shared with the community, by session
 * and by access token. A refusal changes nothing. Labels: reading them (and the prompt by one) is
 * reading the prompt, setting and removing them editing it. Suggestions: any member suggests and
 * lists (a viewer too), editors and owners accept and decline. The workbench's private data:
 * any member reads a team prompt's kept runs and test cases, its editors and owners add them.
 * Pins and the manual order of a team's library are its editors' and owners'.
 */
const roles = ["owner", "editor", "viewer"] as const;
type Who = (typeof roles)[number] | "removed" | "outsider" | "admin" | "visitor";
type Target = "teamPrivate" | "teamShared";
type Operation =
  | "get"
  | "patch"
  | "delete"
  | "history"
  | "restore"
  | "star"
  | "save"
  | "list"
  | "labels"
  | "byLabel"
  | "label"
  | "unlabel"
  | "suggest"
  | "suggestions"
  | "accept"
  | "decline"
  | "share"
  | "runs"
  | "tests"
  | "addTest"
  | "pin"
  | "move";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let teamId: string;
/** A prompt of the team's that a move puts another before. */
let neighbourId: string;
const people = {} as Record<Who, Actor & { tokens: Record<"read" | "write", string> }>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, env: { ADMIN_EMAILS: "admin@example.com" } });
  const [team] = await database.db.insert(teams).values({ name: "Lab" }).returning();
  teamId = team?.id ?? "";
  const suffix = Math.random().toString(36).slice(2, 8);
  for (const who of [...roles, "removed", "outsider", "admin", "visitor"] as Who[]) {
    if (who === "visitor") {
      const never = "ps_neverIssued0000000000000000000000000000000";
      people[who] = {
        name: "visitor",
        userId: null,
        cookie: "",
        tokens: { read: never, write: never },
      };
      continue;
    }
    const email = who === "admin" ? "admin@example.com" : `${who}-${suffix}@example.com`;
    const user = await createUser(database.db, { email });
    if (who !== "outsider" && who !== "admin") {
      const role = who === "removed" ? "editor" : who;
      await database.db.insert(teamMembers).values({ teamId, userId: user.id, role });
    }
    const viewer = viewerFor(user, who === "admin");
    const token = async (scope: "read" | "write") =>
      (
        await createAccessToken({
          db: database.db,
          viewer,
          input: { name: scope, scope, expiresInDays: null, admin: who === "admin" },
        })
      ).token;
    people[who] = {
      name: "userA",
      userId: user.id,
      cookie: await signedInCookie(database.db, user.id),
      tokens: { read: await token("read"), write: await token("write") },
    };
  }
  await database.db.delete(teamMembers).where(eq(teamMembers.userId, people.removed.userId ?? ""));
  neighbourId = (await createPrompt(database.db, { userId: people.editor.userId, teamId })).id;
});
afterAll(async () => {
  await database.close();
});

/**
 * A fresh team prompt written by the editor, edited once (version 2, version 1 kept), labelled
 * production at version 1, with a viewer's suggestion pending and one test case.
 */
async function target(which: Target) {
  const prompt = await createPrompt(database.db, {
    userId: people.editor.userId,
    teamId,
    isShared: which === "teamShared",
  });
  await database.db
    .update(prompts)
    .set({ promptText: `${prompt.promptText}, edited` })
    .where(eq(prompts.id, prompt.id));
  await database.db
    .insert(promptLabels)
    .values({ promptId: prompt.id, label: "production", version: 1 });
  const [suggestion] = await database.db
    .insert(promptSuggestions)
    .values({
      promptId: prompt.id,
      authorId: people.viewer.userId,
      promptText: "Suggested text",
      baseVersion: 2,
    })
    .returning({ id: promptSuggestions.id });
  await database.db.insert(promptTests).values({
    promptId: prompt.id,
    name: "kept",
    values: {},
    checks: [{ kind: "json", value: "" }],
  });
  return {
    id: prompt.id,
    suggestionId: suggestion?.id ?? "",
    text: prompt.promptText,
    shared: which === "teamShared",
  };
}

const member = { owner: true, editor: true, viewer: true } as Record<Who, boolean>;
const editor = { owner: true, editor: true } as Record<Who, boolean>;

/** What each cell answers on a session; tokens follow from it (expected below). */
function statusFor(operation: Operation, which: Target, who: Who): number {
  if (who === "visitor") return 401;
  const sees = member[who] || which === "teamShared";
  switch (operation) {
    case "get":
    case "history":
    case "labels":
    case "byLabel":
      return sees ? 200 : 404;
    case "star":
      return sees ? 204 : 404;
    case "save":
      return sees ? 201 : 404;
    case "patch":
    case "restore":
    case "label":
    case "accept":
    case "decline":
    case "share":
      return editor[who] ? 200 : sees ? 403 : 404;
    case "delete":
    case "unlabel":
      return editor[who] ? 204 : sees ? 403 : 404;
    case "suggest":
      return member[who] ? 201 : sees ? 403 : 404;
    case "suggestions":
    case "runs":
    case "tests":
      return member[who] ? 200 : sees ? 403 : 404;
    case "addTest":
      return editor[who] ? 201 : sees ? 403 : 404;
    case "pin":
    case "move":
      return editor[who] ? 204 : sees ? 403 : 404;
    case "list":
      return member[who] ? 200 : 404;
  }
}

function requestFor(
  operation: Operation,
  { id, suggestionId, shared }: { id: string; suggestionId: string; shared: boolean },
  who: Who,
  credential: Credential,
) {
  const actor = people[who];
  const path = `/api/v1/prompts/${id}`;
  const as = (method: string, json?: unknown) => asActor(actor, { method, json, credential });
  switch (operation) {
    case "get":
      return [path, as("GET")] as const;
    case "history":
      return [`${path}/versions`, as("GET")] as const;
    case "patch":
      return [path, as("PATCH", { promptText: "changed" })] as const;
    case "delete":
      return [path, as("DELETE")] as const;
    case "restore":
      return [`${path}/versions/1/restore`, as("POST")] as const;
    case "star":
      return [`${path}/favourite`, as("PUT")] as const;
    case "save":
      return [`${path}/save`, as("POST")] as const;
    case "list":
      return [`/api/v1/prompts?scope=team&team=${teamId}`, as("GET")] as const;
    case "labels":
      return [`${path}/labels`, as("GET")] as const;
    case "byLabel":
      return [`${path}?label=production`, as("GET")] as const;
    case "label":
      return [`${path}/labels/staging`, as("PUT", { version: 1 })] as const;
    case "unlabel":
      return [`${path}/labels/production`, as("DELETE")] as const;
    case "suggest":
      return [`${path}/suggestions`, as("POST", { promptText: "Mine" })] as const;
    case "suggestions":
      return [`${path}/suggestions`, as("GET")] as const;
    case "accept":
      return [`${path}/suggestions/${suggestionId}/accept`, as("POST")] as const;
    case "decline":
      return [`${path}/suggestions/${suggestionId}/decline`, as("POST")] as const;
    case "share":
      // Shares the private one, withdraws the shared one: either way, a change.
      return [`${path}/shared`, as("PUT", { shared: !shared, confirm: true })] as const;
    case "runs":
      return [`${path}/runs`, as("GET")] as const;
    case "tests":
      return [`${path}/tests`, as("GET")] as const;
    case "addTest":
      return [
        `${path}/tests`,
        as("POST", { name: "greets", values: {}, checks: [{ kind: "contains", value: "Hi" }] }),
      ] as const;
    case "pin":
      return [`${path}/pin`, as("PUT", { pinned: true })] as const;
    case "move":
      return [`${path}/position`, as("PUT", { before: neighbourId })] as const;
  }
}

const writes = new Set<Operation>([
  "patch",
  "delete",
  "restore",
  "star",
  "save",
  "label",
  "unlabel",
  "suggest",
  "accept",
  "decline",
  "share",
  "addTest",
  "pin",
  "move",
]);
const operations: Operation[] = [
  "get",
  "patch",
  "delete",
  "history",
  "restore",
  "star",
  "save",
  "list",
  "labels",
  "byLabel",
  "label",
  "unlabel",
  "suggest",
  "suggestions",
  "accept",
  "decline",
  "share",
  "runs",
  "tests",
  "addTest",
  "pin",
  "move",
];
const everyone: Who[] = [...roles, "removed", "outsider", "admin", "visitor"];
const cells = (["session", "write token", "read token"] as const).flatMap((credential) =>
  operations.flatMap((operation) =>
    (["teamPrivate", "teamShared"] as const).flatMap((which) =>
      everyone.map((who) => {
        const status = statusFor(operation, which, who);
        const readOnly = credential === "read token" && writes.has(operation) && status !== 401;
        return { credential, operation, which, who, status: readOnly ? 403 : status };
      }),
    ),
  ),
);

/** The team's prompts, with their labels, suggestions and test cases. */
const digest = async () =>
  JSON.stringify([
    await database.db.select().from(prompts).where(eq(prompts.teamId, teamId)),
    await database.db
      .select({ label: promptLabels })
      .from(promptLabels)
      .innerJoin(prompts, eq(prompts.id, promptLabels.promptId))
      .where(eq(prompts.teamId, teamId)),
    await database.db
      .select({ suggestion: promptSuggestions })
      .from(promptSuggestions)
      .innerJoin(prompts, eq(prompts.id, promptSuggestions.promptId))
      .where(eq(prompts.teamId, teamId)),
    await database.db
      .select({ test: promptTests })
      .from(promptTests)
      .innerJoin(prompts, eq(prompts.id, promptTests.promptId))
      .where(eq(prompts.teamId, teamId)),
  ]);

describe("a team's prompts, by role", () => {
  it.each(cells)(
    "$operation $which as $who with $credential → $status",
    async ({ credential, operation, which, who, status }) => {
      const made = await target(which);
      const { id } = made;
      const before = await digest();
      const sent: Credential =
        credential === "session"
          ? "session"
          : { token: people[who].tokens[credential === "read token" ? "read" : "write"] };
      const res = await app.request(...requestFor(operation, made, who, sent));
      expect(res.status).toBe(status);
      if (status >= 400) {
        const body = (await res.json()) as { error: { detail?: string } };
        if (status === 403 && who === "viewer" && credential !== "read token")
          expect(body.error.detail).toBe("team_role");
        if (status === 404 && operation !== "list")
          expect(body.error.detail).toBe("prompt_not_found");
        if (status === 404 && operation === "list")
          expect(body.error.detail).toBe("team_not_found");
        expect(await digest()).toBe(before);
      } else if (operation === "list") {
        const body = (await res.json()) as { items: { id: string }[] };
        expect(body.items.map((item) => item.id)).toContain(id);
      } else if (operation === "get") {
        // The team is named to its members alone.
        expect(await res.json()).toMatchObject({ id, teamId: member[who] ? teamId : null });
      } else if (operation === "byLabel") {
        expect(await res.json()).toMatchObject({ id, promptText: made.text, version: 1 });
      } else if (operation === "tests") {
        const body = (await res.json()) as { tests: { name: string }[] };
        expect(body.tests.map((test) => test.name)).toEqual(["kept"]);
      } else if (operation === "accept") {
        expect(await res.json()).toMatchObject({ status: "accepted", acceptedVersion: 3 });
      }
    },
  );
});
