import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/**
 * The test files under `dir` (relative to `root`) that never reach the run's database: none of
 * the modules they import, directly or through others, is tests/support/test-database.ts (where
 * a suite's database is made on the run's driver), and none asks for the database settings the
 * run provides. They run the same whichever database the run has (the unit suites, and those
 * that open a PGlite of their own), so vitest.config.ts runs them once, not again on PostgreSQL.
 *
 * The imports are read as TypeScript reads them (ts.preProcessFile). A file with a dynamic import
 * of a computed path is taken to reach the database, as is one whose imports cannot be read.
 */
export function suitesWithoutDatabase(root: string, dir: string): string[] {
  const imports = new Map<string, string[] | "unknown">();
  const importsOf = (file: string) => {
    let found = imports.get(file);
    if (found) return found;
    found = readImports(root, file);
    imports.set(file, found);
    return found;
  };
  const reachesDatabase = (file: string) => {
    const seen = new Set([file]);
    const waiting = [file];
    for (let next = waiting.pop(); next !== undefined; next = waiting.pop()) {
      if (next === databaseModule) return true;
      const found = importsOf(next);
      if (found === "unknown") return true;
      for (const imported of found) {
        if (seen.has(imported)) continue;
        seen.add(imported);
        waiting.push(imported);
      }
    }
    return false;
  };
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".test.ts") || name.endsWith(".test.tsx"))
    .map((name) => join(dir, name).split("\\").join("/"))
    .filter((file) => !reachesDatabase(file))
    .sort();
}

const databaseModule = "tests/support/test-database.ts";
/** What the run provides about its database (vitest.config.ts, database-global-setup.ts). */
const databaseSettings = /\binject\(\s*["'](databaseDriver|postgresUrl|postgresTemplate|pooledUrl)/;
/** A dynamic import of a path computed at run time, which the text cannot tell. */
const computedImport = /\bimport\(\s*[^"'`\s]/;

/** The project files `file` imports (relative to `root`), or "unknown". */
function readImports(root: string, file: string): string[] | "unknown" {
  let text: string;
  try {
    text = readFileSync(join(root, file), "utf8");
  } catch {
    return "unknown";
  }
  if (databaseSettings.test(text)) return [databaseModule];
  if (computedImport.test(text)) return "unknown";
  // TypeScript's own reading of a file's imports, dynamic ones of a literal path included (and
  // type-only ones, which can only make a suite run on both databases, never skip one).
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const files: string[] = [];
  for (const { fileName: specifier } of importedFiles) {
    const path = specifier.startsWith("~/")
      ? join("app", specifier.slice(2))
      : specifier.startsWith(".")
        ? relative(root, resolve(root, dirname(file), specifier))
        : undefined; // a package
    if (path === undefined) continue;
    const found = [path, `${path}.ts`, `${path}.tsx`, join(path, "index.ts")].find(
      (candidate) => /\.[cm]?[jt]sx?$/.test(candidate) && existsSync(join(root, candidate)),
    );
    if (found) files.push(found.split("\\").join("/"));
  }
  return files;
}
