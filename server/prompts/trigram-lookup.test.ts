import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { containsPattern, trigramLookup } from "./search-pattern.ts";

// The trigram lookup, asked of the database itself: under the "C" collation the indexes are
// built with, it must find every text that holds the term as a search compares it (every letter
// folded), whatever the alphabet and whatever characters a pattern treats specially.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const characters = [..."aeiKrsz QX19ÉéüÜßΩωΣσςЯяЖж日本語%_\\.*+?()[]{}^$|-'"];
const term = fc.string({ unit: fc.constantFrom(...characters), minLength: 1, maxLength: 12 });
const around = fc.string({ unit: fc.constantFrom(...characters), maxLength: 6 });

async function compare(text: string, searched: string) {
  const lookup = trigramLookup(searched);
  const [row] = rowsOf<{ holds: boolean; found: boolean }>(
    await database.db.execute(sql`select
      ${text}::text ilike ${containsPattern(searched)} as holds,
      ${text}::text collate "C" ${sql.raw(lookup.operator)} ${lookup.pattern} as found`),
  );
  return { ...lookup, holds: row?.holds, found: row?.found };
}

it("finds every text holding the term, in any alphabet and any case", async () => {
  await fc.assert(
    fc.asyncProperty(term, fc.array(fc.boolean(), { minLength: 1 }), around, async (t, up, pad) => {
      const recased = [...t]
        .map((char, index) => (up[index % up.length] ? char.toUpperCase() : char.toLowerCase()))
        .join("");
      const { holds, found, exact } = await compare(`${pad}${recased}${pad}`, t);
      if (holds) expect(found).toBe(true);
      if (exact) expect(found).toBe(holds);
    }),
    { numRuns: 300 },
  );
});

it("looks up letters with a case outside ASCII by every case of each", async () => {
  expect(await compare("Notes on ΩΜΈΓΑ", "ωμέγα")).toMatchObject({ operator: "~*", found: true });
  expect(await compare("ПРИВЕТ, мир", "привет")).toMatchObject({ operator: "~*", found: true });
  expect(await compare("Über das CAFÉ", "über das café")).toMatchObject({
    operator: "ilike",
    holds: true,
    found: true,
  });
});
