import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";

/**
 * Imports run one way: `app/` (the pages and the browser) may use `server/` and `shared/`;
 * `server/` may use `shared/` but never `app/`; `shared/` (what both sides run: prompt rules,
 * the message catalogue, topics and landing-page content) uses neither. Checked on the source
 * text of every module, so a wrong-way import fails here before it is ever bundled.
 */
const root = join(import.meta.dirname, "..");
const layers = ["app", "server", "shared"] as const;
type Layer = (typeof layers)[number];

const forbidden: Record<Layer, Layer[]> = {
  app: [],
  server: ["app"],
  shared: ["app", "server"],
};

/** A test may read the app's route table, to check every page the app declares. */
const allowedInTests = new Set(["app/routes.ts"]);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

/**
 * Every module a source file names, read by TypeScript's own parser: import and export
 * declarations, `import()` calls and `import("…")` types. `typeOnly` when the whole statement
 * is `import type` / `export type` (or an `import("…")` type), which the build erases; an
 * `import { type X }` is not, since it still loads the module.
 */
function importsOf(file: string, text: string) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const typeOnly = ts.isImportDeclaration(node)
          ? Boolean(node.importClause?.isTypeOnly)
          : node.isTypeOnly;
        found.push({ specifier: node.moduleSpecifier.text, typeOnly });
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) {
        found.push({ specifier: first.text, typeOnly: false });
      }
    } else if (ts.isImportTypeNode(node)) {
      const literal = ts.isLiteralTypeNode(node.argument) ? node.argument.literal : null;
      if (literal && ts.isStringLiteral(literal)) {
        found.push({ specifier: literal.text, typeOnly: true });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Where an import lands, as a path from the project root; null for a package. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return join("app", specifier.slice(2));
  if (specifier.startsWith(".")) return normalize(join(dirname(file), specifier));
  return null;
}

function wrongWayImports(files: Iterable<string>, text: (file: string) => string) {
  const found: string[] = [];
  for (const file of files) {
    const layer = file.split("/")[0] as Layer;
    for (const { specifier } of importsOf(file, text(file))) {
      const to = target(file, specifier);
      if (!to) continue;
      const toLayer = relative(root, join(root, to)).split("/")[0] as Layer;
      if (!forbidden[layer]?.includes(toLayer)) continue;
      if (/\.test\.tsx?$/.test(file) && allowedInTests.has(to)) continue;
      found.push(`${file} imports ${to}`);
    }
  }
  return found;
}

it("server/ never imports app/, and shared/ imports neither", () => {
  const files = layers
    .flatMap((layer) => [...sourceFiles(layer)])
    .filter((file) => file !== "shared/import-direction.test.ts"); // its examples below
  expect(files.length).toBeGreaterThan(200);
  expect(wrongWayImports(files, (file) => readFileSync(join(root, file), "utf8"))).toEqual([]);
});

it("finds each way a module can be imported the wrong way", () => {
  const sources: Record<string, string> = {
    "server/a.ts": `import { x } from "../app/lib/x.ts";\nimport type { Y } from "../app/y.ts";`,
    "server/b.ts": `const lazy = await import("../app/lazy.ts");\nimport "../app/side-effect.ts";`,
    "server/c.test.ts": `import routes from "../app/routes.ts";\nimport { z } from "../app/z.ts";`,
    "shared/d.ts": `import { s } from "../server/s.ts";\nimport { p } from "./prompt.ts";`,
    "app/e.ts": `import { s } from "../server/s.ts";\nimport { m } from "~/lib/m.ts";`,
  };
  expect(wrongWayImports(Object.keys(sources), (file) => sources[file] ?? "")).toEqual([
    "server/a.ts imports app/lib/x.ts",
    "server/a.ts imports app/y.ts",
    "server/b.ts imports app/lazy.ts",
    "server/b.ts imports app/side-effect.ts",
    "server/c.test.ts imports app/z.ts",
    "shared/d.ts imports server/s.ts",
  ]);
});

/**
 * What the server keeps in memory has one owner: outside server/cache/, code reaches it only
 * through kept-answers.ts (and the small ttl-cache.ts for data kept a minute).
 */
const cacheEntries = new Set(["server/cache/kept-answers.ts", "server/cache/ttl-cache.ts"]);

function cacheBypasses(files: Iterable<string>, text: (file: string) => string) {
  const found: string[] = [];
  for (const file of files) {
    if (file.startsWith("server/cache/")) continue;
    for (const { specifier } of importsOf(file, text(file))) {
      const to = target(file, specifier);
      if (to?.startsWith("server/cache/") && !cacheEntries.has(to)) {
        found.push(`${file} imports ${to}`);
      }
    }
  }
  return found;
}

it("reaches what is kept in memory only through server/cache/kept-answers.ts", () => {
  const files = [...sourceFiles("server"), ...sourceFiles("tests"), ...sourceFiles("bench")];
  expect(cacheBypasses(files, (file) => readFileSync(join(root, file), "utf8"))).toEqual([]);
  const sources: Record<string, string> = {
    "server/http/a.ts": `import { x } from "../cache/public-pages.ts";`,
    "tests/support/b.ts": `import { y } from "../../server/cache/kept-answers.ts";`,
    "server/cache/c.ts": `import { z } from "./session-cache.ts";`,
  };
  expect(cacheBypasses(Object.keys(sources), (file) => sources[file] ?? "")).toEqual([
    "server/http/a.ts imports server/cache/public-pages.ts",
  ]);
});

/**
 * Route modules and components reach the server through adapters: `*.server.ts` modules, which
 * React Router keeps out of the browser's bundle. Anywhere else in app/, what comes from server/
 * is a type, which the build erases. Tests are never bundled and may use the server as it is.
 */
function serverReachedAround(files: Iterable<string>, text: (file: string) => string) {
  const found: string[] = [];
  for (const file of files) {
    if (!file.startsWith("app/") || /\.server\.tsx?$|\.test\.tsx?$/.test(file)) continue;
    for (const { specifier, typeOnly } of importsOf(file, text(file))) {
      const to = target(file, specifier);
      if (to?.startsWith("server/") && !typeOnly) found.push(`${file} imports ${to}`);
    }
  }
  return found;
}

it("reaches server/ from app/ only through *.server.ts adapters, or for a type", () => {
  const files = [...sourceFiles("app")];
  expect(serverReachedAround(files, (file) => readFileSync(join(root, file), "utf8"))).toEqual([]);
  const sources: Record<string, string> = {
    "app/routes/a.tsx": `import { s } from "../../server/s.ts";\nimport type { T } from "../../server/t.ts";`,
    "app/routes/b.tsx": `import { type U } from "../../server/u.ts";\nexport { v } from "../../server/v.ts";`,
    "app/routes/c.tsx": `export type { W } from "../../server/w.ts";\nconst x = await import("../../server/x.ts");`,
    "app/routes/d.server.ts": `import { y } from "../../server/y.ts";`,
    "app/routes/d.test.ts": `import { z } from "../../server/z.ts";`,
    "app/lib/e.ts": `let e: import("../../server/e.ts").E;\nimport { m } from "~/lib/m.ts";`,
  };
  expect(serverReachedAround(Object.keys(sources), (file) => sources[file] ?? "")).toEqual([
    "app/routes/a.tsx imports server/s.ts",
    "app/routes/b.tsx imports server/u.ts",
    "app/routes/b.tsx imports server/v.ts",
    "app/routes/c.tsx imports server/x.ts",
  ]);
});
