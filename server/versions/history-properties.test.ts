import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Prompt, titleAndCategory } from "../../shared/prompt.ts";
import type { History, Version } from "../../shared/versions.ts";
import { type Actor, asActor, createActors } from "../../tests/support/actors.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { parseConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { type ConnectionSettings, connectionSettings } from "../db/connection-settings.ts";

/**
 * A prompt's history against a model of it: whatever edits and restores it went through, every
 * version it keeps reads back exactly as it was written, numbered one after another, and the
 * ones it no longer keeps are the ones the limits say.
 */

interface Content {
  promptText: string;
  title: string;
  category: string | null;
}

type Editor = "owner" | "admin";

interface ModelVersion extends Content {
  number: number;
  editor: Editor;
  note: string | null;
  restoredFrom: number | null;
}

/** The limits a database keeps history within (VERSION_LIMIT, HISTORY_SIZE_LIMIT). */
interface Limits {
  versions: number;
  bytes: number;
}

interface Shelf {
  database: DatabaseHandle;
  app: TestApp;
  actors: Awaited<ReturnType<typeof createActors>>;
  /** How the history names each editor. */
  names: Record<Editor, string>;
}

async function openShelf(settings?: ConnectionSettings): Promise<Shelf> {
  const database = await createTestDatabase(settings ? { settings } : {});
  const app = await createTestApp({ db: database.db, env: { ADMIN_EMAILS: "admin@example.com" } });
  const actors = await createActors(database.db);
  const names = { owner: "", admin: "" };
  // Each editor's name as the API gives it: the creator of a prompt of their own.
  for (const editor of ["owner", "admin"] as const) {
    const res = await app.request(
      "/api/v1/prompts",
      asActor(editor === "owner" ? actors.userA : actors.admin, {
        method: "POST",
        json: { promptText: "Whose name?", shared: false },
      }),
    );
    names[editor] = ((await res.json()) as Prompt).creatorName;
  }
  return { database, app, actors, names };
}

const actorOf = (shelf: Shelf, editor: Editor): Actor =>
  editor === "owner" ? shelf.actors.userA : shelf.actors.admin;

const smallLimits: Limits = { versions: 3, bytes: 200 };

let roomy: Shelf;
let small: Shelf;

beforeAll(async () => {
  roomy = await openShelf();
  small = await openShelf(
    connectionSettings(
      parseConfig({
        NODE_ENV: "test",
        VERSION_LIMIT: String(smallLimits.versions),
        HISTORY_SIZE_LIMIT: String(smallLimits.bytes),
      }),
    ),
  );
});
afterAll(async () => {
  await roomy?.database.close();
  await small?.database.close();
});

const sameContent = (a: Content, b: Content) =>
  a.promptText === b.promptText && a.title === b.title && a.category === b.category;

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/**
 * The earlier versions a history keeps, by the rule (drizzle/0014): only the newest
 * `versions` counting the current one; of those, newest first, none from the one that takes the
 * text past `bytes` on; but always the one just before the current one.
 */
function keptEarlier(all: ModelVersion[], limits: Limits | null) {
  const current = all.length;
  const earlier = all.slice(0, -1);
  if (!limits) return earlier;
  const recent = earlier.filter((version) => version.number > current - limits.versions);
  let total = 0;
  let cut = 0;
  for (const version of [...recent].reverse()) {
    total += bytes(version.promptText);
    if (total > limits.bytes) {
      cut = version.number;
      break;
    }
  }
  return recent.filter((version) => version.number > cut || version.number === current - 1);
}

// Texts that round-trip only if stored exactly: other scripts, emoji sequences, a right-to-left
// mark, combining accents, line breaks of every kind, tabs and surrounding spaces.
const unicode = fc.constantFrom(
  "Über das CAFÉ",
  "Ωμέγα notes",
  "👩‍💻 🙂 🇳🇿",
  "\u202Eright to left",
  "e\u0301 vs é",
  "line one\r\nline two\rline three\n",
  "\ttabbed\t",
  "  spaced out  ",
  "中文提示",
  "%_\\'\"",
);
const word = fc.constantFrom("Draft", "Summarise", "Tone", "draft", "Release notes");
const graphemes = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 });
const longLine = fc
  .tuple(fc.constantFrom("a", "ü", "🙂", "word "), fc.integer({ min: 20, max: 400 }))
  .map(([piece, times]) => piece.repeat(times));
// Texts whose sizes add up to the small size limit exactly, to find its edge.
const sized = fc
  .tuple(fc.constantFrom("b", "c", "d"), fc.constantFrom(50, 100, 150, 200))
  .map(([letter, size]) => letter.repeat(size));
const promptText = fc
  .oneof(
    { arbitrary: word, weight: 3 },
    { arbitrary: unicode, weight: 2 },
    { arbitrary: graphemes, weight: 2 },
    { arbitrary: longLine, weight: 2 },
    { arbitrary: sized, weight: 2 },
  )
  .filter((text) => text.trim() !== "" && !text.includes("\u0000"));
const useCase = fc.oneof(
  fc.constantFrom("", "Release notes", "A use case long enough to be cut at thirty-five", "Tone"),
  unicode,
  graphemes,
);
const note = fc.option(
  fc
    .oneof(fc.constantFrom("", "   ", "  tightened the tone  "), unicode, graphemes)
    .filter((text) => text.trim().length <= 200),
  { nil: undefined },
);
const editor = fc.constantFrom<Editor>("owner", "admin");

/** The text the prompt already has: an edit that changes nothing a version holds. */
const same = Symbol("same text");

type Step =
  | {
      kind: "edit";
      editor: Editor;
      promptText: string | typeof same | undefined;
      useCase: string | undefined;
      note: string | undefined;
    }
  | { kind: "restore"; editor: Editor; pick: number };

const edit = fc
  .record({
    kind: fc.constant("edit" as const),
    editor,
    promptText: fc.option(fc.oneof(promptText, fc.constant(same)), { nil: undefined }),
    useCase: fc.option(useCase, { nil: undefined }),
    note,
  })
  .filter((step) => step.promptText !== undefined || step.useCase !== undefined);
const restore = fc.record({ kind: fc.constant("restore" as const), editor, pick: fc.nat() });
const steps = fc.array(fc.oneof({ arbitrary: edit, weight: 3 }, restore), {
  minLength: 1,
  maxLength: 12,
});

const describeStep = (step: Step) =>
  JSON.stringify(step, (_key, value) => (value === same ? "<same>" : value));

/** Runs the steps on a new prompt, checking its history against the model after each one. */
async function runHistory(
  shelf: Shelf,
  limits: Limits | null,
  start: { promptText: string; useCase: string | undefined },
  plan: Step[],
) {
  const call = async (who: Editor, method: string, path: string, json?: unknown) => {
    const res = await shelf.app.request(path, asActor(actorOf(shelf, who), { method, json }));
    return { status: res.status, body: await res.json() };
  };
  const created = await call("owner", "POST", "/api/v1/prompts", { ...start, shared: false });
  expect(created.status).toBe(201);
  const id = (created.body as Prompt).id;
  const all: ModelVersion[] = [
    {
      number: 1,
      promptText: start.promptText,
      ...titleAndCategory(start.useCase),
      editor: "owner",
      note: null,
      restoredFrom: null,
    },
  ];
  const current = () => all.at(-1) as ModelVersion;
  const kept = () => [...keptEarlier(all, limits), current()];
  const summary = (version: ModelVersion) => ({
    number: version.number,
    title: version.title,
    category: version.category,
    authorName: shelf.names[version.editor],
    note: version.note,
    restoredFrom: version.restoredFrom,
    purged: null,
  });

  /** A new version, unless the content is the current one's. */
  const write = (content: Content, change: Omit<ModelVersion, keyof Content | "number">) => {
    if (!sameContent(content, current()))
      all.push({ ...content, number: all.length + 1, ...change });
  };

  const expectHistory = async (label: string) => {
    const { status, body } = await call("owner", "GET", `/api/v1/prompts/${id}/versions`);
    expect(status, label).toBe(200);
    const history = body as History;
    const expected = kept().reverse();
    expect(history, label).toMatchObject({
      promptId: id,
      current: all.length,
      oldestKept: expected.at(-1)?.number,
    });
    expect(
      history.versions.map(({ createdAt: _createdAt, ...rest }) => rest),
      label,
    ).toEqual(expected.map((version) => ({ ...summary(version), labels: [] })));
    // Contiguous, newest first, from the current version down to the oldest kept.
    expect(
      history.versions.map((version) => version.number),
      label,
    ).toEqual(expected.map((_, index) => all.length - index));
  };

  for (const [index, step] of plan.entries()) {
    const label = `step ${index}: ${describeStep(step)}`;
    if (step.kind === "edit") {
      const json = {
        ...(step.promptText !== undefined
          ? { promptText: step.promptText === same ? current().promptText : step.promptText }
          : {}),
        ...(step.useCase !== undefined ? { useCase: step.useCase } : {}),
        ...(step.note !== undefined ? { note: step.note } : {}),
      };
      const { status, body } = await call(step.editor, "PATCH", `/api/v1/prompts/${id}`, json);
      expect(status, label).toBe(200);
      write(
        {
          promptText: json.promptText ?? current().promptText,
          ...(json.useCase !== undefined
            ? titleAndCategory(json.useCase)
            : { title: current().title, category: current().category }),
        },
        { editor: step.editor, note: step.note?.trim() || null, restoredFrom: null },
      );
      expect(body as Prompt, label).toMatchObject({
        version: all.length,
        promptText: current().promptText,
        title: current().title,
        category: current().category,
      });
    } else {
      // Any version there ever was, kept or merged away.
      const n = 1 + (step.pick % all.length);
      const version = kept().find((candidate) => candidate.number === n);
      const { status, body } = await call(
        step.editor,
        "POST",
        `/api/v1/prompts/${id}/versions/${n}/restore`,
      );
      if (!version) {
        expect(status, label).toBe(404);
        expect(body.error.detail, label).toBe("version_not_found");
      } else {
        expect(status, label).toBe(200);
        write(version, { editor: step.editor, note: null, restoredFrom: n });
        expect(body as Prompt, label).toMatchObject({
          version: all.length,
          promptText: version.promptText,
          title: version.title,
          category: version.category,
        });
      }
    }
    await expectHistory(label);
  }

  // Every version kept reads back exactly as written; the ones before and after do not exist.
  for (const version of kept()) {
    const { status, body } = await call(
      "owner",
      "GET",
      `/api/v1/prompts/${id}/versions/${version.number}`,
    );
    expect(status).toBe(200);
    const { createdAt: _createdAt, ...read } = body as Version;
    expect(read).toEqual({ ...summary(version), promptText: version.promptText });
  }
  const oldest = kept()[0]?.number ?? 1;
  for (const n of [oldest - 1, all.length + 1].filter((number) => number >= 1)) {
    const { status, body } = await call("owner", "GET", `/api/v1/prompts/${id}/versions/${n}`);
    expect(status).toBe(404);
    expect(body.error.detail).toBe("version_not_found");
  }
}

const start = fc.record({ promptText, useCase: fc.option(useCase, { nil: undefined }) });

it("keeps every edit and restore as a version that reads back exactly", {
  timeout: 120_000,
}, async () => {
  await fc.assert(
    fc.asyncProperty(start, steps, (first, plan) => runHistory(roomy, null, first, plan)),
    { numRuns: 25 },
  );
});

it("merges away exactly the versions beyond the version and size limits", {
  timeout: 120_000,
}, async () => {
  await fc.assert(
    fc.asyncProperty(start, steps, (first, plan) => runHistory(small, smallLimits, first, plan)),
    { numRuns: 25 },
  );
});
