import { randomUUID } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type BareDatabase, createBareDatabase } from "../../tests/support/test-database.ts";
import { projectRoot } from "../project-root.ts";

/**
 * The limits migration repairs folders made before its rules: loops broken at the loop alone,
 * trees deeper than 32 levels brought up to the 32nd. Built on the migrations before it, then
 * migrated.
 */
const limitsMigration = "0010_library-limits";
let before: string;
let database: BareDatabase;

beforeAll(async () => {
  before = await mkdtemp(join(tmpdir(), "promptshelf-migrations-"));
  const folder = join(projectRoot, "drizzle");
  await cp(folder, before, { recursive: true });
  const journalPath = join(before, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === limitsMigration);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  database = await createBareDatabase();
  await database.migrate(before);
});

afterAll(async () => {
  await database?.close();
  await rm(before, { recursive: true, force: true });
});

it("breaks each loop at its own folders, keeps what hangs below, and brings deep folders up", async () => {
  const userId = randomUUID();
  await database.query(
    "insert into users (id, issuer, subject, email) values ($1, 'https://issuer', 's', 'a@example.com')",
    [userId],
  );
  const ids = new Map<string, string>();
  const id = (name: string) => {
    if (!ids.has(name)) ids.set(name, randomUUID());
    return ids.get(name) as string;
  };
  const place = async (rows: [string, string | null][]) => {
    for (const [name] of rows) {
      await database.query("insert into folders (id, user_id, name) values ($1, $2, $3)", [
        id(name),
        userId,
        name,
      ]);
    }
    for (const [name, parent] of rows) {
      await database.query("update folders set parent_id = $1 where id = $2", [
        parent === null ? null : id(parent),
        id(name),
      ]);
    }
  };
  // A two-folder loop with a branch below it, a three-folder loop with one below, a 40-level chain.
  await place([
    ["A", "B"],
    ["B", "A"],
    ["C", "A"],
    ["D", "C"],
    ["E", "F"],
    ["F", "G"],
    ["G", "E"],
    ["H", "G"],
  ]);
  await place(Array.from({ length: 40 }, (_, i) => [`L${i + 1}`, i === 0 ? null : `L${i}`]));

  await database.migrate(join(projectRoot, "drizzle"));

  const parents = new Map(
    (
      await database.query<{ name: string; parent: string | null }>(
        "select f.name, p.name as parent from folders f left join folders p on p.id = f.parent_id",
      )
    ).map((row) => [row.name, row.parent]),
  );
  expect(
    Object.fromEntries(["A", "B", "C", "D", "E", "F", "G", "H"].map((n) => [n, parents.get(n)])),
  ).toEqual({
    A: null,
    B: null,
    C: "A",
    D: "C",
    E: null,
    F: null,
    G: null,
    H: "G",
  });
  expect(parents.get("L32")).toBe("L31");
  for (let level = 33; level <= 40; level++) expect(parents.get(`L${level}`)).toBe("L31");
});
