import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const appDir = import.meta.dirname;

/** Tailwind's own palette: a class naming it would look the same in light and dark. */
const rawPalette =
  /(?<![\w-])(?:[a-z-]+:)*(?:bg|text|ring|border|outline|from|to|via|divide|fill|stroke|decoration|shadow|caret|accent)-(?:white|black|(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand)-\d+)(?:\/\d+)?(?![\w-])/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

function rawPaletteClasses(source: string) {
  return source.match(rawPalette) ?? [];
}

describe("colours come from the theme", () => {
  it("finds a raw palette class, with variants and opacity", () => {
    expect(
      rawPaletteClasses(
        'className="p-2 hover:bg-slate-100 text-white bg-surface/95 ring-red-300/50"',
      ),
    ).toEqual(["hover:bg-slate-100", "text-white", "ring-red-300/50"]);
  });

  it("no component names a palette colour: each uses a theme name with a light and a dark value", () => {
    const found = sourceFiles(appDir).flatMap((file) =>
      rawPaletteClasses(readFileSync(file, "utf8")).map(
        (cls) => `${relative(appDir, file)}: ${cls}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
