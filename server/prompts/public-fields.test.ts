import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { PublicField } from "../../shared/secret-scan.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import {
  collectionItems,
  collections,
  folders,
  profiles,
  prompts,
  promptVersions,
  tags,
  users,
} from "../db/schema.ts";
import { libraryFormat } from "../library-data/export-library.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

type Person = Awaited<ReturnType<typeof apiPerson>>;
type Answer = Awaited<ReturnType<Person["call"]>>;

/** A real-looking address and a North American number: what the privacy check must catch. */
const email = "jane.roe@gmail.com";
const phone = "212-736-5000";

/**
 * One way a person makes text public: `run` writes `value` into the field, confirmed or not,
 * after any setup of its own, and answers what the server said.
 */
interface PublicWrite {
  how: string;
  field: PublicField;
  value?: string;
  run: (me: Person, value: string, confirm: boolean) => Promise<Answer>;
}

const confirmed = (confirm: boolean) => (confirm ? { confirm: true } : {});

async function sharedPrompt(me: Person) {
  const made = await me.call("POST", "/api/v1/prompts", {
    promptText: "Summarise the meeting in five bullet points.",
    useCase: "Meetings",
    shared: true,
  });
  return made.body.id as string;
}

async function collection(me: Person, isPublic: boolean) {
  const made = await me.call("POST", "/api/v1/collections", { title: "Team prompts", isPublic });
  return made.body.id as string;
}

async function collectionWithItem(me: Person, isPublic: boolean, note = "") {
  const id = await collection(me, isPublic);
  const promptId = await sharedPrompt(me);
  await me.call("POST", `/api/v1/collections/${id}/items`, { promptId, note, confirm: true });
  return { id, promptId };
}

/** A PromptShelf JSON file with one shared prompt (and its versions) or one public collection. */
function importFile(value: string, place: "note" | "version note" | "collection description") {
  const prompt = { id: "p", promptText: "Plan a sprint review.", shared: true, version: 2 };
  if (place === "note") return { prompts: [{ ...prompt, versionNote: value }] };
  if (place === "version note") {
    return {
      prompts: [prompt],
      versions: [
        {
          promptId: "p",
          number: 1,
          promptText: "Plan a review.",
          note: value,
          createdAt: "2025-01-01T00:00:00.000Z",
        },
      ],
    };
  }
  return {
    prompts: [prompt],
    collections: [{ title: "Imported", description: value, isPublic: true, items: [] }],
  };
}

async function importJson(me: Person, file: object, confirm: boolean) {
  const path = `/api/v1/import${confirm ? "?confirm=1" : ""}`;
  const answer = await me.upload(path, JSON.stringify({ format: libraryFormat, ...file }));
  return { ...answer, text: JSON.stringify(answer.body), headers: new Headers() };
}

const writes = {
  shareText: {
    how: "sharing a prompt",
    field: "promptText",
    run: (me, value, confirm) =>
      me.call("POST", "/api/v1/prompts", {
        promptText: `Write to ${value}`,
        shared: true,
        ...confirmed(confirm),
      }),
  },
  editText: {
    how: "editing a shared prompt's text",
    field: "promptText",
    run: async (me, value, confirm) =>
      me.call("PATCH", `/api/v1/prompts/${await sharedPrompt(me)}`, {
        promptText: `Write to ${value}`,
        ...confirmed(confirm),
      }),
  },
  shareUseCase: {
    how: "sharing a prompt with a use case",
    field: "useCase",
    run: (me, value, confirm) =>
      me.call("POST", "/api/v1/prompts", {
        promptText: "Answer the support queue.",
        useCase: value,
        shared: true,
        ...confirmed(confirm),
      }),
  },
  editUseCase: {
    how: "editing a shared prompt's use case",
    field: "useCase",
    run: async (me, value, confirm) =>
      me.call("PATCH", `/api/v1/prompts/${await sharedPrompt(me)}`, {
        useCase: value,
        ...confirmed(confirm),
      }),
  },
  shareDescription: {
    how: "sharing a prompt with a description",
    field: "description",
    run: (me, value, confirm) =>
      me.call("POST", "/api/v1/prompts", {
        promptText: "Answer the support queue.",
        description: `Replies as ${value} would`,
        shared: true,
        ...confirmed(confirm),
      }),
  },
  editDescription: {
    how: "describing a shared prompt",
    field: "description",
    run: async (me, value, confirm) =>
      me.call("PATCH", `/api/v1/prompts/${await sharedPrompt(me)}`, {
        description: `Replies as ${value} would`,
        ...confirmed(confirm),
      }),
  },
  editNote: {
    how: "an edit's note on a shared prompt",
    field: "note",
    run: async (me, value, confirm) =>
      me.call("PATCH", `/api/v1/prompts/${await sharedPrompt(me)}`, {
        promptText: "Summarise the meeting in three bullet points.",
        note: `asked by ${value}`,
        ...confirmed(confirm),
      }),
  },
  importNote: {
    how: "importing a shared prompt whose current version has a note",
    field: "note",
    run: (me, value, confirm) => importJson(me, importFile(value, "note"), confirm),
  },
  importVersionNote: {
    how: "importing a shared prompt whose earlier version has a note",
    field: "note",
    run: (me, value, confirm) => importJson(me, importFile(value, "version note"), confirm),
  },
  createCollectionTitle: {
    how: "making a public collection",
    field: "title",
    run: (me, value, confirm) =>
      me.call("POST", "/api/v1/collections", {
        title: `Ask ${value}`,
        isPublic: true,
        ...confirmed(confirm),
      }),
  },
  renameCollection: {
    how: "renaming a public collection",
    field: "title",
    run: async (me, value, confirm) =>
      me.call("PATCH", `/api/v1/collections/${await collection(me, true)}`, {
        title: `Ask ${value}`,
        ...confirmed(confirm),
      }),
  },
  publishTitle: {
    how: "making public a private collection with such a title",
    field: "title",
    run: async (me, value, confirm) => {
      const made = await me.call("POST", "/api/v1/collections", { title: `Ask ${value}` });
      return me.call("PATCH", `/api/v1/collections/${made.body.id}`, {
        isPublic: true,
        ...confirmed(confirm),
      });
    },
  },
  createCollectionDescription: {
    how: "describing a new public collection",
    field: "description",
    run: (me, value, confirm) =>
      me.call("POST", "/api/v1/collections", {
        title: "Support",
        description: `Questions to ${value}`,
        isPublic: true,
        ...confirmed(confirm),
      }),
  },
  describeCollection: {
    how: "describing a public collection",
    field: "description",
    run: async (me, value, confirm) =>
      me.call("PATCH", `/api/v1/collections/${await collection(me, true)}`, {
        description: `Questions to ${value}`,
        ...confirmed(confirm),
      }),
  },
  publishDescription: {
    how: "making public a private collection with such a description",
    field: "description",
    run: async (me, value, confirm) => {
      const made = await me.call("POST", "/api/v1/collections", {
        title: "Support",
        description: `Questions to ${value}`,
      });
      return me.call("PATCH", `/api/v1/collections/${made.body.id}`, {
        isPublic: true,
        ...confirmed(confirm),
      });
    },
  },
  importCollection: {
    how: "importing a public collection",
    field: "description",
    run: (me, value, confirm) =>
      importJson(me, importFile(value, "collection description"), confirm),
  },
  addItemNote: {
    how: "adding a prompt with a note to a public collection",
    field: "note",
    run: async (me, value, confirm) =>
      me.call("POST", `/api/v1/collections/${await collection(me, true)}/items`, {
        promptId: await sharedPrompt(me),
        note: `from ${value}`,
        ...confirmed(confirm),
      }),
  },
  editItemNote: {
    how: "changing an item's note in a public collection",
    field: "note",
    run: async (me, value, confirm) => {
      const { id, promptId } = await collectionWithItem(me, true);
      return me.call("PATCH", `/api/v1/collections/${id}/items/${promptId}`, {
        note: `from ${value}`,
        ...confirmed(confirm),
      });
    },
  },
  publishItemNote: {
    how: "making public a private collection whose item has such a note",
    field: "note",
    run: async (me, value, confirm) => {
      const { id } = await collectionWithItem(me, false, `from ${value}`);
      return me.call("PATCH", `/api/v1/collections/${id}`, {
        isPublic: true,
        ...confirmed(confirm),
      });
    },
  },
  profileDisplayName: {
    how: "a public profile's display name",
    field: "displayName",
    run: (me, value, confirm) =>
      me.call("PUT", "/api/v1/profile", {
        isPublic: true,
        handle: `h-${me.user.id.slice(0, 8)}`,
        displayName: value,
        showAvatar: false,
        ...confirmed(confirm),
      }),
  },
  profileHandle: {
    how: "a public profile's handle",
    field: "handle",
    value: phone,
    run: (me, value, confirm) =>
      me.call("PUT", "/api/v1/profile", {
        isPublic: true,
        handle: value,
        displayName: "Jane",
        showAvatar: false,
        ...confirmed(confirm),
      }),
  },
} satisfies Record<string, PublicWrite>;

type WriteName = keyof typeof writes;

/**
 * Every text column of the tables public pages read: each with the writes that make it public
 * (every one of which the check must stop), or why no public page shows what a person typed in
 * it. A new column fails the first test below until it is placed here.
 */
const publicColumns: Record<string, WriteName[] | string> = {
  "prompts.prompt_text": ["shareText", "editText"],
  "prompts.title": ["shareUseCase", "editUseCase"],
  "prompts.category": ["shareUseCase", "editUseCase"],
  "prompts.version_note": ["editNote", "importNote"],
  "prompts.description": ["shareDescription", "editDescription"],
  "prompts.position": "the manual order's key, digits the server makes, shown to no one",
  "prompt_versions.title": "copied by the database from prompts.title, checked when written",
  "prompt_versions.category": "copied by the database from prompts.category, checked when written",
  "prompt_versions.prompt_text":
    "copied by the database from prompts.prompt_text, checked when written",
  "prompt_versions.note": ["importVersionNote"],
  "collections.title": ["createCollectionTitle", "renameCollection", "publishTitle"],
  "collections.description": [
    "createCollectionDescription",
    "describeCollection",
    "publishDescription",
    "importCollection",
  ],
  "collection_items.note": ["addItemNote", "editItemNote", "publishItemNote"],
  "profiles.display_name": ["profileDisplayName"],
  "profiles.handle": ["profileHandle"],
  "profiles.username": "made from the email at sign-up and never shown on a public page",
  "users.issuer": "the identity provider's address, never shown",
  "users.subject": "the identity provider's id for the person, never shown",
  "users.email": "never shown on a public page",
  "users.name": "given by the identity provider at sign-in, not typed into PromptShelf",
  "users.avatar_url": "a picture's address from the identity provider, shown only as a picture",
  "folders.name": "folders are private: only their owner ever sees them",
  "tags.name": "tags are private: only their owner sees them, on their own prompts",
};

const tables: PgTable[] = [
  prompts,
  promptVersions,
  collections,
  collectionItems,
  profiles,
  users,
  folders,
  tags,
];

describe("everything that becomes public passes the privacy check", () => {
  it("every text column of what public pages read is listed, as checked or why not", () => {
    const textColumns = tables.flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns
        .filter((column) => column.columnType === "PgText")
        .map((column) => `${config.name}.${column.name}`);
    });
    expect(textColumns.filter((column) => !(column in publicColumns))).toEqual([]);
    expect(Object.keys(publicColumns).filter((column) => !textColumns.includes(column))).toEqual(
      [],
    );
    // And every write named is tried below.
    const named = new Set(Object.values(publicColumns).flatMap((w) => (Array.isArray(w) ? w : [])));
    expect([...named].sort()).toEqual(Object.keys(writes).sort());
  });

  it.each(Object.entries(writes))(
    "%s: stops until confirmed, naming the field",
    async (_name, write: PublicWrite) => {
      const me = await apiPerson(database.db, app);
      const value = write.value ?? email;
      const refused = await write.run(me, value, false);
      expect(refused.status, `${write.how}: ${refused.text}`).toBe(422);
      expect(refused.body.error).toMatchObject({
        code: "needs_confirmation",
        detail: "privacy_findings",
      });
      expect(refused.body.error.findings).toEqual([
        expect.objectContaining({ field: write.field }),
      ]);
      expect(refused.text).not.toContain(value);
      const accepted = await write.run(me, value, true);
      expect(accepted.status, `${write.how}: ${accepted.text}`).toBeLessThan(300);
    },
  );
});
