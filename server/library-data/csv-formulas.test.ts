import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { guardCell, unguardCell } from "./csv.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const formulaStart = /^[=+\-@\t\r]/;

it("a guarded cell never starts a formula, and unguarding gives back any text exactly", () => {
  const text = fc.oneof(
    fc.string(),
    fc
      .tuple(
        fc.stringMatching(/^'{0,3}$/),
        fc.constantFrom("=", "+", "-", "@", "\t", "\r"),
        fc.string(),
      )
      .map(([quotes, start, rest]) => `${quotes}${start}${rest}`),
  );
  fc.assert(
    fc.property(text, (value) => {
      expect(guardCell(value)).not.toMatch(formulaStart);
      expect(unguardCell(guardCell(value))).toBe(value);
    }),
    { numRuns: 2000 },
  );
});

it("a shared prompt written as a formula reaches another person's spreadsheet as text, and imports back exactly", async () => {
  const author = await apiPerson(database.db, app);
  const saver = await apiPerson(database.db, app);
  const useCase = "=1+cmd|' /C calc'!A0";
  const promptText = "@SUM(A1:A9)\n- then this";
  const shared = (
    await author.call("POST", "/api/v1/prompts", { promptText, useCase, shared: true })
  ).body;
  const saved = (await saver.call("POST", `/api/v1/prompts/${shared.id}/save`)).body;
  await saver.call("POST", `/api/v1/prompts/${saved.id}/tags`, { name: "+tag" });

  const exported = await saver.call("GET", "/api/v1/export?format=csv");
  const [row] = parse(exported.text, { columns: true }) as Record<string, string>[];
  for (const column of ["act", "prompt", "category", "tags"]) {
    expect(row?.[column]).toMatch(/^'[=+\-@]/);
  }

  const reader = await apiPerson(database.db, app);
  expect((await reader.upload("/api/v1/import", exported.text)).status).toBe(201);
  const [imported] = (await reader.call("GET", "/api/v1/prompts?scope=personal")).body.items;
  expect(imported).toMatchObject({ title: useCase, category: useCase, tags: ["+tag"] });
  expect((await reader.call("GET", `/api/v1/prompts/${imported.id}`)).body.promptText).toBe(
    promptText,
  );
});
