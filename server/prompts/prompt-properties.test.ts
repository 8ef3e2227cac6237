import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { truncateUseCase } from "../../shared/prompt.ts";
import { type Actor, type ActorName, asActor, createActors } from "../../tests/support/actors.ts";
import { percentEncode } from "../../tests/support/percent-encode.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let actors: Record<ActorName, Actor>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
  actors = await createActors(database.db);
});
afterAll(async () => {
  await database.close();
});

const hostile = fc.constantFrom(
  "%",
  "_",
  "\\",
  "'",
  '"',
  "%_\\",
  "'; drop table prompts; --",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDC00x",
  "🙂",
  "👩‍💻",
  "\u202E",
  "ß",
  "İ",
);
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  hostile,
  fc.string({ unit: "grapheme", maxLength: 60 }),
);
const wellFormed = (text: string) => !text.includes("\u0000") && text === text.toWellFormed();

it("any prompt text and use case round-trips exactly, or is refused with 400", async () => {
  await fc.assert(
    fc.asyncProperty(
      anyText,
      fc.option(anyText, { nil: undefined }),
      async (promptText, useCase) => {
        const res = await app.request(
          "/api/v1/prompts",
          asActor(actors.userA, { method: "POST", json: { promptText, useCase, shared: false } }),
        );
        const valid =
          wellFormed(promptText) &&
          promptText.trim() !== "" &&
          (useCase === undefined || wellFormed(useCase));
        if (!valid) {
          expect(res.status).toBe(400);
          return;
        }
        expect(res.status).toBe(201);
        const created = (await res.json()) as { id: string };
        const read = await app.request(`/api/v1/prompts/${created.id}`, asActor(actors.userA));
        const prompt = (await read.json()) as {
          promptText: string;
          title: string;
          category: string | null;
        };
        expect(prompt.promptText).toBe(promptText);
        const expectedUseCase = useCase === undefined ? "" : truncateUseCase(useCase);
        if (expectedUseCase.trim() === "") {
          expect(prompt).toMatchObject({ title: "Untitled", category: null });
        } else {
          expect(prompt).toMatchObject({ title: expectedUseCase, category: expectedUseCase });
        }
      },
    ),
    { numRuns: 150 },
  );
});

it("any search term answers 200 or 400, never a server error", async () => {
  const rawQueries = fc.constantFrom("%FF", "%", "%E0%A4%A", "%C0%AF", "%00");
  const term = fc.oneof(anyText.map(percentEncode), rawQueries);
  await fc.assert(
    fc.asyncProperty(term, fc.constantFrom("personal", "community", "all"), async (q, scope) => {
      const res = await app.request(`/api/v1/prompts?scope=${scope}&q=${q}`, asActor(actors.admin));
      expect([200, 400]).toContain(res.status);
      if (res.status === 400) {
        expect(await res.json()).toMatchObject({ error: { code: "invalid_input" } });
      }
    }),
    { numRuns: 150 },
  );
});

/** Adds a personal prompt for the actor. */
const createPersonal = (actor: Actor, promptText: string) =>
  app.request(
    "/api/v1/prompts",
    asActor(actor, { method: "POST", json: { promptText, shared: false } }),
  );

/** The texts of the actor's personal prompts matching the term. */
async function searchPersonal(actor: Actor, q: string) {
  const res = await app.request(
    `/api/v1/prompts?scope=personal&q=${encodeURIComponent(q)}`,
    asActor(actor),
  );
  return ((await res.json()) as { items: { promptText: string }[] }).items.map(
    (item) => item.promptText,
  );
}

it("search treats % _ and \\ literally", async () => {
  for (const text of [
    "discount 100% off",
    "discount 1000 off",
    "snake_case name",
    "snakeXcase name",
    "path C:\\temp",
  ]) {
    await createPersonal(actors.userB, text);
  }
  const search = (q: string) => searchPersonal(actors.userB, q);
  expect(await search("100%")).toEqual(["discount 100% off"]);
  expect(await search("e_c")).toEqual(["snake_case name"]);
  expect(await search("C:\\t")).toEqual(["path C:\\temp"]);
  expect(await search("DISCOUNT")).toHaveLength(2);
});

it("search ignores case in any alphabet", async () => {
  for (const text of ["Über das CAFÉ", "Ethereum GAS fees", "Ωμέγα notes"]) {
    await createPersonal(actors.userA, text);
  }
  const search = (q: string) => searchPersonal(actors.userA, q);
  expect(await search("über das café")).toEqual(["Über das CAFÉ"]);
  expect(await search("ÜBER")).toEqual(["Über das CAFÉ"]);
  expect(await search("ethereum gas")).toEqual(["Ethereum GAS fees"]);
  expect(await search("ΩΜΈΓΑ")).toEqual(["Ωμέγα notes"]);
});
