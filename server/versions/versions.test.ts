import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Prompt } from "../../shared/prompt.ts";
import type { History, Upstream, Version } from "../../shared/versions.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { parseConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { connectionSettings } from "../db/connection-settings.ts";
import { prompts, promptVersions } from "../db/schema.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

type Person = Awaited<ReturnType<typeof apiPerson>>;

async function newPrompt(person: Person, promptText: string, shared = false) {
  const created = await person.call("POST", "/api/v1/prompts", {
    promptText,
    useCase: "Release notes",
    shared,
  });
  expect(created.status).toBe(201);
  return created.body as Prompt;
}

async function edit(person: Person, id: string, change: Record<string, string>) {
  const answer = await person.call("PATCH", `/api/v1/prompts/${id}`, change);
  expect(answer.status).toBe(200);
  return answer.body as Prompt;
}

const history = async (person: Person, id: string) =>
  (await person.call("GET", `/api/v1/prompts/${id}/versions`)).body as History;
const version = async (person: Person, id: string, n: number) =>
  (await person.call("GET", `/api/v1/prompts/${id}/versions/${n}`)).body as Version;

describe("a prompt's history", () => {
  it("keeps every edit as a version, newest first, with its author and note", async () => {
    const owner = await apiPerson(database.db, app);
    const prompt = await newPrompt(owner, "Write release notes.");
    expect(prompt.version).toBe(1);
    await edit(owner, prompt.id, { promptText: "Write short release notes." });
    const third = await edit(owner, prompt.id, {
      promptText: "Write short, friendly release notes.",
      useCase: "Friendly release notes",
      note: "  tightened the tone  ",
    });
    expect(third.version).toBe(3);
    const { versions, current, oldestKept } = await history(owner, prompt.id);
    expect({ current, oldestKept }).toEqual({ current: 3, oldestKept: 1 });
    expect(versions.map((v) => [v.number, v.title, v.note])).toEqual([
      [3, "Friendly release notes", "tightened the tone"],
      [2, "Release notes", null],
      [1, "Release notes", null],
    ]);
    expect(versions.every((v) => v.authorName === versions[0]?.authorName)).toBe(true);
    expect((await version(owner, prompt.id, 1)).promptText).toBe("Write release notes.");
    expect((await version(owner, prompt.id, 3)).promptText).toBe(
      "Write short, friendly release notes.",
    );
  });

  it("makes no version when nothing a version holds changed", async () => {
    const owner = await apiPerson(database.db, app);
    const prompt = await newPrompt(owner, "Same text");
    const again = await edit(owner, prompt.id, { promptText: "Same text", note: "no change" });
    expect(again.version).toBe(1);
    expect(again.updatedAt).toBe(prompt.updatedAt);
    expect((await history(owner, prompt.id)).versions).toHaveLength(1);
  });

  it("restores an earlier version as a new one, so nothing is lost", async () => {
    const owner = await apiPerson(database.db, app);
    const prompt = await newPrompt(owner, "First draft");
    await edit(owner, prompt.id, { promptText: "Second draft" });
    await edit(owner, prompt.id, { promptText: "Third draft" });
    const restored = await owner.call("POST", `/api/v1/prompts/${prompt.id}/versions/1/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ promptText: "First draft", version: 4 });
    const { versions } = await history(owner, prompt.id);
    expect(versions.map((v) => v.number)).toEqual([4, 3, 2, 1]);
    expect(versions[0]?.restoredFrom).toBe(1);
    expect((await version(owner, prompt.id, 3)).promptText).toBe("Third draft");
  });

  it("refuses a version that does not exist and a note that is too long", async () => {
    const owner = await apiPerson(database.db, app);
    const prompt = await newPrompt(owner, "A prompt");
    const missing = await owner.call("GET", `/api/v1/prompts/${prompt.id}/versions/2`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.detail).toBe("version_not_found");
    for (const n of ["0", "-1", "1.5", "x", "99999999999"]) {
      const bad = await owner.call("GET", `/api/v1/prompts/${prompt.id}/versions/${n}`);
      expect(bad.status, n).toBe(400);
    }
    const long = await owner.call("PATCH", `/api/v1/prompts/${prompt.id}`, {
      promptText: "Changed",
      note: "x".repeat(201),
    });
    expect(long.status).toBe(400);
    expect((await owner.call("GET", `/api/v1/prompts/${prompt.id}`)).body.promptText).toBe(
      "A prompt",
    );
  });

  it("deleting a prompt deletes its versions", async () => {
    const owner = await apiPerson(database.db, app);
    const prompt = await newPrompt(owner, "Soon gone");
    await edit(owner, prompt.id, { promptText: "Soon gone, edited" });
    expect((await owner.call("DELETE", `/api/v1/prompts/${prompt.id}`)).status).toBe(204);
    const left = await database.db
      .select()
      .from(promptVersions)
      .where(eq(promptVersions.promptId, prompt.id));
    expect(left).toEqual([]);
  });
});

describe("the history's limits", () => {
  it("merges the oldest versions away beyond the version and size limits", async () => {
    const settings = connectionSettings(
      parseConfig({ NODE_ENV: "test", VERSION_LIMIT: "4", HISTORY_SIZE_LIMIT: "100" }),
    );
    const small = await createTestDatabase({ settings });
    try {
      const [row] = await small.db
        .insert(prompts)
        .values({ title: "t", promptText: "v1", isShared: false })
        .returning({ id: prompts.id });
      const id = row?.id ?? "";
      for (let n = 2; n <= 7; n++) {
        await small.db
          .update(prompts)
          .set({ promptText: `v${n}` })
          .where(eq(prompts.id, id));
      }
      const kept = async () =>
        (
          await small.db
            .select({ number: promptVersions.number })
            .from(promptVersions)
            .where(eq(promptVersions.promptId, id))
        )
          .map((v) => v.number)
          .sort((a, b) => a - b);
      // Versions 4, 5 and 6 earlier, 7 current: four in all.
      expect(await kept()).toEqual([4, 5, 6]);
      // 60 bytes at a time: only the newest earlier version fits in 100 bytes.
      for (const letter of ["a", "b", "c"]) {
        await small.db
          .update(prompts)
          .set({ promptText: letter.repeat(60) })
          .where(eq(prompts.id, id));
      }
      expect(await kept()).toEqual([9]);
      // The version just replaced is kept even when it alone is larger.
      await small.db
        .update(prompts)
        .set({ promptText: "e".repeat(200) })
        .where(eq(prompts.id, id));
      await small.db.update(prompts).set({ promptText: "d" }).where(eq(prompts.id, id));
      expect(await kept()).toEqual([11]);
    } finally {
      await small.close();
    }
  });
});

describe("saved copies and their original", () => {
  async function savedCopy() {
    const author = await apiPerson(database.db, app);
    const original = await newPrompt(author, "Summarise the meeting.", true);
    const reader = await apiPerson(database.db, app);
    const saved = await reader.call("POST", `/api/v1/prompts/${original.id}/save`);
    expect(saved.status).toBe(201);
    return { author, reader, original, copy: saved.body as Prompt };
  }
  const own = async (person: Person, id: string) =>
    (await person.call("GET", `/api/v1/prompts/${id}`)).body as Prompt;
  const upstream = async (person: Person, id: string) =>
    (await person.call("GET", `/api/v1/prompts/${id}/upstream`)).body as Upstream;

  it("says the original is updated only while it reads otherwise than the version the copy took", async () => {
    const { author, reader, original, copy } = await savedCopy();
    await edit(author, original.id, { promptText: "Summarise the meeting in five bullets." });
    expect((await own(reader, copy.id)).upstream).toBe("updated");
    // Restored to the version the copy took: a newer number, the same text.
    const restored = await author.call("POST", `/api/v1/prompts/${original.id}/versions/1/restore`);
    expect(restored.body).toMatchObject({ version: 3, promptText: "Summarise the meeting." });
    expect((await own(reader, copy.id)).upstream).toBe("current");
    const listed = (await reader.call("GET", "/api/v1/prompts?scope=personal")).body
      .items as Prompt[];
    expect(listed.find((p) => p.id === copy.id)?.upstream).toBe("current");
    // A new use case (the title) alone is a change the copy has not taken.
    await edit(author, original.id, { useCase: "Meeting summary" });
    expect((await own(reader, copy.id)).upstream).toBe("updated");
  });

  it("counts saves on the original and follows its edits", async () => {
    const { author, reader, original, copy } = await savedCopy();
    expect(copy.upstream).toBe("current");
    expect((await own(author, original.id)).saveCount).toBe(1);
    await edit(author, original.id, { promptText: "Summarise the meeting in five bullets." });
    expect((await own(reader, copy.id)).upstream).toBe("updated");
    const listed = (await reader.call("GET", "/api/v1/prompts?scope=personal")).body
      .items as Prompt[];
    expect(listed.find((p) => p.id === copy.id)?.upstream).toBe("updated");
    const { from, current, edited } = await upstream(reader, copy.id);
    expect(from?.promptText).toBe("Summarise the meeting.");
    expect(current.promptText).toBe("Summarise the meeting in five bullets.");
    expect(edited).toBe(false);
    const applied = await reader.call("POST", `/api/v1/prompts/${copy.id}/upstream`, {
      take: "original",
      version: 2,
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      promptText: "Summarise the meeting in five bullets.",
      upstream: "current",
      version: 2,
    });
  });

  it("tells an edited copy, keeps it when chosen, and refuses a choice made on an old version", async () => {
    const { author, reader, original, copy } = await savedCopy();
    await edit(reader, copy.id, { promptText: "Summarise the meeting for me." });
    await edit(author, original.id, { promptText: "Summarise the meeting briefly." });
    expect((await upstream(reader, copy.id)).edited).toBe(true);
    await edit(author, original.id, { promptText: "Summarise the meeting very briefly." });
    const stale = await reader.call("POST", `/api/v1/prompts/${copy.id}/upstream`, {
      take: "mine",
      version: 2,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.detail).toBe("original_changed");
    const kept = await reader.call("POST", `/api/v1/prompts/${copy.id}/upstream`, {
      take: "mine",
      version: 3,
    });
    expect(kept.body).toMatchObject({
      promptText: "Summarise the meeting for me.",
      upstream: "current",
    });
  });

  it("leaves the copy intact when the original is deleted, saying so", async () => {
    const { author, reader, original, copy } = await savedCopy();
    await author.call("DELETE", `/api/v1/prompts/${original.id}`);
    const after = await own(reader, copy.id);
    expect(after).toMatchObject({ promptText: "Summarise the meeting.", upstream: "removed" });
    const gone = await reader.call("GET", `/api/v1/prompts/${copy.id}/upstream`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.detail).toBe("original_not_found");
  });

  it("counts down when a copy is deleted", async () => {
    const { author, reader, original, copy } = await savedCopy();
    await reader.call("DELETE", `/api/v1/prompts/${copy.id}`);
    expect((await own(author, original.id)).saveCount).toBe(0);
  });
});
