import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { placedPieces, variableToken } from "../../shared/template-syntax.ts";
import { attributes } from "../library-data/convert-variables.ts";
import type { ImportLimits } from "../library-data/import-rules.ts";
import { parseImport } from "../library-data/parse-import.ts";

/*
 * Every parser of text a person sends runs in time linear in it. A parser that reads a stretch
 * again from each place it could start (a backtracking pattern, a rescan per delimiter) costs 400
 * times as much at 1 MB as at 50 KB, and a small crafted import once froze the server for 30 s
 * that way; a linear one costs 20 times as much. Time is the process's CPU time, the least of
 * several runs, so other work on the machine does not count; the bound is 30 times, the rest
 * allowing for the collector and caches, which do not grow the same way for every size.
 */

const limits: ImportLimits = { promptsPerImport: 20_000, folderDepth: 10, versionsPerPrompt: 100 };
const noPause = async () => {};

/** Reads a whole import as the server does; a refusal is an answer too. */
async function imported(file: string | Uint8Array, fileName: string) {
  try {
    await parseImport(file, limits, noPause, fileName);
  } catch {
    // Refused: what is timed is the reading up to the refusal.
  }
}

const json = (value: unknown) => JSON.stringify(value);
const zipOf = (name: string, text: string) => zipSync({ [name]: strToU8(text) });

/** A field of `size` characters: `unit` repeated, between an opening and a closing. */
function field(size: number, unit: string, open = "", close = "") {
  const repeats = Math.max(1, Math.floor((size - open.length - close.length) / unit.length));
  return `${open}${unit.repeat(repeats)}${close}`;
}

interface Parser {
  name: string;
  /** One input of about `size` characters for each shape tried. */
  shapes: Record<string, (size: number) => string>;
  run(input: string): unknown;
}

/** Long runs of one character and repeated delimiters, the shapes that make backtracking quadratic. */
const templateShapes: Record<string, (size: number) => string> = {
  "{{ repeated": (n) => field(n, "{{"),
  "{{a: colons number}}": (n) => field(n, ":", "{{a", "number}}"),
  "{{a then spaces": (n) => field(n, " ", "{{a", "b"),
  "{{x}} repeated": (n) => field(n, "{{x}}"),
  "{{a:choice( repeated": (n) => field(n, ":choice(", "{{a"),
  backslashes: (n) => field(n, "\\"),
  "}} repeated": (n) => field(n, "}}"),
  "one letter": (n) => field(n, "a"),
};

const parsers: Parser[] = [
  {
    name: "the template grammar (placedPieces)",
    shapes: templateShapes,
    run: (text) => placedPieces(text),
  },
  {
    name: "writing a variable (variableToken)",
    shapes: {
      "colons then a type": (n) => field(n, ":", "a", "number"),
      "colons and spaces then a type": (n) => field(n, ": ", "a", "long"),
      "choice with colons": (n) => field(n, ":", "a:choice(", ")"),
      spaces: (n) => field(n, " ", "a", "b"),
    },
    run: (name) => variableToken(name, "x"),
  },
  {
    name: "Raycast options (attributes)",
    shapes: {
      "one word": (n) => field(n, "a"),
      "words then no =": (n) => field(n, "a "),
      "spaces then no =": (n) => field(n, " ", "a", "b"),
      "escaped quotes never closed": (n) => field(n, 'a="\\"'),
      "single quotes never closed": (n) => field(n, "a='"),
      pairs: (n) => field(n, 'a="b" '),
    },
    run: (text) => attributes(text),
  },
  {
    name: "a Copilot prompt file (front matter and input variables)",
    shapes: {
      "description: a, spaces, b": (n) => `---\ndescription: ${field(n, " ", "a", "b")}\n---\nx\n`,
      "description: a, spaces, # b": (n) =>
        `---\ndescription: ${field(n, " ", "a", "#b")}\n---\nx\n`,
      "${input:a: repeated": (n) => field(n, "${input:a:"),
      "${input: repeated": (n) => field(n, "${input:"),
      "${ repeated": (n) => field(n, "${"),
      "{{> repeated": (n) => field(n, "{{>"),
      "front matter keys": (n) => `---\n${field(n, "k: v\n")}---\nx\n`,
      "front matter brackets": (n) => `---\nd: ${field(n, "[")}\n---\nx\n`,
      "front matter anchors": (n) => `---\n${field(n, "&a ")}x\n---\nx\n`,
      "front matter argument hints": (n) => `---\nargument-hint: ${field(n, "[a] ")}\n---\nx\n`,
      lines: (n) => field(n, "\n"),
    },
    run: (text) => imported(text, "x.prompt.md"),
  },
  {
    name: "a Claude Code command in a zip (its arguments)",
    shapes: {
      "$ repeated": (n) => field(n, "$"),
      "$1 repeated": (n) => field(n, "$1"),
      "$ARGUMENTS repeated": (n) => field(n, "$ARGUMENTS"),
      "argument hints": (n) => `---\nargument-hint: ${field(n, "[a", "", "]")}\n---\n$1\n`,
    },
    run: (text) => imported(zipOf(".claude/commands/x.md", text), "x.zip"),
  },
  {
    name: "Open WebUI JSON",
    shapes: {
      "{{a: colons number}}": (n) =>
        json([{ command: "/x", content: field(n, ":", "{{a", "number}}") }]),
      '{{a | :default=\\" repeated': (n) =>
        json([{ command: "/x", content: field(n, ':default="\\"', "{{a | ", "}}") }]),
      "{{ repeated": (n) => json([{ command: "/x", content: field(n, "{{") }]),
      "{{a | spaces": (n) => json([{ command: "/x", content: field(n, " ", "{{a |", "x}}") }]),
    },
    run: (text) => imported(text, "x.json"),
  },
  {
    name: "LibreChat JSON",
    shapes: {
      "{{ repeated": (n) => json([{ name: "x", productionPrompt: { prompt: field(n, "{{") } }]),
      "{{a} repeated": (n) => json([{ name: "x", productionPrompt: { prompt: field(n, "{{a}") } }]),
      "{{a: colons": (n) =>
        json([{ name: "x", productionPrompt: { prompt: field(n, ":", "{{a", "}}") } }]),
    },
    run: (text) => imported(text, "x.json"),
  },
  {
    name: "Raycast AI Commands JSON",
    shapes: {
      "{argument a…}": (n) => json([{ title: "x", prompt: field(n, "a", "{argument ", "}") }]),
      "{argument with quotes never closed": (n) =>
        json([{ title: "x", prompt: field(n, 'a="\\"', "{argument ", "}") }]),
      "{argument repeated": (n) => json([{ title: "x", prompt: field(n, "{argument ") }]),
      "{argument spaces": (n) => json([{ title: "x", prompt: field(n, " ", "{argument a", "b}") }]),
    },
    run: (text) => imported(text, "x.json"),
  },
  {
    name: "AI Prompt Genius JSON",
    shapes: {
      "[ repeated": (n) => json([{ title: "x", text: field(n, "[") }]),
      "{{ repeated": (n) => json([{ title: "x", text: field(n, "{{") }]),
    },
    run: (text) => imported(text, "x.json"),
  },
  {
    name: "CSV (prompts.chat and ours)",
    shapes: {
      "one quoted field of quotes": (n) => `act,prompt\nx,${field(n, '""', '"', '"')}\n`,
      "a quote never closed": (n) => `act,prompt\nx,"${field(n, "a")}\n`,
      commas: (n) => `act,prompt\n${field(n, ",")}\n`,
      "line breaks": (n) => `act,prompt\n${field(n, "\r\n")}`,
    },
    run: (text) => imported(text, "x.csv"),
  },
  {
    name: "PromptShelf JSON",
    shapes: {
      "deep nesting": (n) => `{"prompts":${field(n / 2, "[")}${field(n / 2, "]")}}`,
      "a long string of escapes": (n) => `{"prompts":[{"text":"${field(n, "\\\\")}"}]}`,
      "many members": (n) => `{${field(n, '"a":1,')}"b":1}`,
    },
    run: (text) => imported(text, "x.json"),
  },
];

/** The collector, exposed to this project's workers (vitest.config.ts). */
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** CPU milliseconds `run` takes, the least of `tries`, each averaged over enough repeats to be measurable. */
async function cpuMs(run: () => unknown, tries: number) {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < tries; attempt++) {
    collect();
    let repeats = 0;
    const started = process.cpuUsage();
    let spent = 0;
    do {
      await run();
      repeats++;
      const used = process.cpuUsage(started);
      spent = (used.user + used.system) / 1000;
    } while (spent < 20 && repeats < 50);
    best = Math.min(best, spent / repeats);
  }
  return best;
}

const sizes = [12_500, 50_000, 200_000, 1_000_000];
/** How much more an input may cost than one a twentieth its size, or in proportion (linear: 20). */
const bound = 30;
/** Below this, a measurement is mostly noise. */
const floorMs = 5;

describe("every parser of a person's text runs in time linear in it", () => {
  for (const parser of parsers) {
    it.each(Object.entries(parser.shapes))(`${parser.name}: %s`, async (_shape, shape) => {
      const at = (size: number) => {
        const input = shape(size);
        return () => parser.run(input);
      };
      await cpuMs(at(sizes[0] ?? 0), 1); // warms the code up
      // Each size is measured only if the one before grew linearly, so a quadratic parser fails
      // within seconds instead of running for minutes at 1 MB.
      const times: number[] = [];
      for (const [step, size] of sizes.entries()) {
        times.push(await cpuMs(at(size), 5));
        if (step === 0) continue;
        const previous = times[step - 1] ?? 0;
        // Four or five times the size may cost twice that: a quadratic parser costs 16 or 25 times.
        const allowed = (size / (sizes[step - 1] ?? size)) * 2 * previous;
        expect(
          times[step],
          `${size} characters, after ${previous.toFixed(2)} ms at ${sizes[step - 1]}`,
        ).toBeLessThanOrEqual(Math.max(allowed, floorMs));
      }
      const [, fiftyKb = 0, , oneMb = 0] = times;
      expect(oneMb, `1 MB against ${fiftyKb.toFixed(2)} ms at 50 KB`).toBeLessThanOrEqual(
        Math.max(bound * fiftyKb, 4 * floorMs),
      );
    });
  }
});
