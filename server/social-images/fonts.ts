import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Satori's font entry: it reads TrueType, OpenType and WOFF, not WOFF2. */
export interface ImageFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: "normal";
}

export interface ImageFonts {
  fonts: ImageFont[];
  /** The CSS font-family list naming every font, for satori to look each character up in turn. */
  family: string;
  /** Whether some font draws the character (a code point). */
  draws(codePoint: number): boolean;
}

const weights = [400, 700] as const;

let loading: Promise<ImageFonts> | undefined;

/**
 * Inter's WOFF files from @fontsource/inter, one font per subset it ships (Latin and its
 * accents, Greek, Cyrillic, Vietnamese), regular and bold, with the characters each draws read
 * from the package's own stylesheet (its unicode-range). Read once per process, on first use.
 */
export function imageFonts(): Promise<ImageFonts> {
  loading ??= readFonts();
  return loading;
}

async function readFonts(): Promise<ImageFonts> {
  const require = createRequire(import.meta.url);
  const folder = dirname(require.resolve("@fontsource/inter/400.css"));
  const subsets = parseSubsets(await readFile(join(folder, "400.css"), "utf8"));
  const fonts = await Promise.all(
    subsets.flatMap((subset) =>
      weights.map(
        async (weight): Promise<ImageFont> => ({
          name: `Inter ${subset.name}`,
          weight,
          style: "normal",
          data: await readFile(join(folder, `files/inter-${subset.name}-${weight}-normal.woff`)),
        }),
      ),
    ),
  );
  const ranges = subsets.flatMap((subset) => subset.ranges);
  return {
    fonts,
    family: subsets.map((subset) => `'Inter ${subset.name}'`).join(", "),
    draws: (codePoint) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to),
  };
}

/** Each `@font-face` of the stylesheet: its subset's name and its unicode-range. */
export function parseSubsets(css: string) {
  return [...css.matchAll(/inter-([a-z-]+)-400-normal\.woff2[^}]*unicode-range:\s*([^;]+);/g)]
    .map((match) => ({
      name: match[1] ?? "",
      ranges: (match[2] ?? "").split(",").map((range): [number, number] => {
        const [from = "0", to = from] = range.trim().replace(/^U\+/i, "").split("-");
        return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
      }),
    }))
    .sort((a, b) => Number(b.name === "latin") - Number(a.name === "latin"));
}
