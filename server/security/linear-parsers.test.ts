import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { plainText } from "../../shared/markdown-preview.ts";
import { lintPrompt } from "../../shared/prompt-lint.ts";
import { scanText } from "../../shared/secret-scan.ts";
import { placedPieces, variableToken } from "../../shared/template-syntax.ts";
import { oauthForm } from "../http/oauth-routes.ts";
import { attributes } from "../library-data/convert-variables.ts";
import type { ImportLimits } from "../library-data/import-rules.ts";
import { parseImport } from "../library-data/parse-import.ts";

/*
 * Every parser of text a person sends runs in time linear in it. A parser that reads a stretch
 * again from each place it could start (a backtracking pattern, a rescan per delimiter) costs 400
 * times as much at 1 MB as at 50 KB, and a small crafted import once froze the server for 30 s
 * that way. Time is the process's CPU time, the least of several runs, so other work on the
 * machine does not count.
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

/** A zip of Claude Code commands, `size` bytes of front matter in all; the last one made is kept. */
let lastZip: { size: number; zip: Uint8Array } | undefined;
function manyCommands(size: number) {
  if (lastZip?.size !== size) {
    const file = `---\nargument-hint: x${"[".repeat(7_000)}\n---\n$1\n`;
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i * file.length < size; i++) files[`.claude/commands/c${i}.md`] = strToU8(file);
    lastZip = { size, zip: zipSync(files) };
  }
  return lastZip.zip;
}
const zipOf = (name: string, text: string) => zipSync({ [name]: strToU8(text) });

/**
 * A zip of skills 8 folders deep, ten files beside each SKILL.md, about `size` bytes of paths:
 * every file is looked up against the skills' folders. At most 1,800 skills (19,800 entries, within
 * the limit of 20,000 an import takes). Stored, not deflated: what is timed is the reading of the
 * entries and skills, not the inflater, whose buffers for each entry made the collector's work
 * grow ten times for four times the skills.
 */
let lastSkills: { size: number; zip: Uint8Array } | undefined;
function manySkills(size: number) {
  if (lastSkills?.size !== size) {
    const skill = strToU8("---\nname: s\n---\nx\n");
    const files: Record<string, Uint8Array> = {};
    for (let i = 0, made = 0; made < size && i < 1_800; i++) {
      const folder = `a/b/c/d/e/f/skills/s${i}`;
      files[`${folder}/SKILL.md`] = skill;
      for (let file = 0; file < 10; file++) files[`${folder}/scripts/f${file}.sh`] = strToU8("x");
      made += 11 * (folder.length + 14);
    }
    lastSkills = { size, zip: zipSync(files, { level: 0 }) };
  }
  return lastSkills.zip;
}

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
  "{{#if a then spaces": (n) => field(n, " ", "{{#if a", "b}}"),
  "{{a then spaces then ! and more": (n) => field(n, " ", "{{a", "!  b}}"),
  "{{a:date then spaces": (n) => field(n, " ", "{{a:date", "!}}"),
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
      "required marks then a letter": (n) => field(n, "!", "a", "b"),
    },
    run: (name) => variableToken(name, "x"),
  },
  {
    name: "the privacy check (scanText)",
    shapes: {
      "key headers": (n) => field(n, "-----BEGIN PRIVATE KEY-----"),
      "key headers with short bodies": (n) => field(n, "-----BEGIN PRIVATE KEY-----\nMIIEvQ\n"),
      "a key never ended": (n) =>
        field(n, "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n", "-----BEGIN RSA PRIVATE KEY-----\n"),
      "emails half written": (n) => field(n, "a@b."),
      "digits and spaces": (n) => field(n, "555 "),
      "token prefixes": (n) => field(n, "sk_live_"),
      "a token run": (n) => field(n, "a", "ghp_"),
      "address with a password": (n) => field(n, "x://a:b@"),
    },
    run: (text) => scanText(text),
  },
  {
    name: "the template linter (lintPrompt)",
    shapes: {
      "a type then spaces": (n) => field(n, " ", "{{x:a", "!}}"),
      "{{ repeated": (n) => field(n, "{{"),
      variables: (n) => field(n, "{{a:numbr|x}} "),
      snippets: (n) => field(n, "{{> a}}"),
      "sections never ended": (n) => field(n, "{{#if a}}"),
      "section ends": (n) => field(n, "{{/if}}"),
      "{{x}} repeated": (n) => field(n, "{{x}}"),
      "}} repeated": (n) => field(n, "}}"),
    },
    run: (text) => lintPrompt(text),
  },
  {
    name: "a card's preview (plainText)",
    shapes: {
      "[ repeated": (n) => field(n, "["),
      "![ repeated": (n) => field(n, "!["),
      "[a]( repeated": (n) => field(n, "[a]("),
      "** repeated with words": (n) => field(n, " **a"),
      "__ repeated with words": (n) => field(n, " __a"),
      "front matter never closed": (n) => field(n, "a\n", "---\n"),
    },
    run: (text) => plainText(text),
  },
  {
    name: "an OAuth form (oauthForm)",
    shapes: {
      "distinct names": (n) => field(n, "a&").replace(/a&/g, (_, at: number) => `a${at}=&`),
      "one long value": (n) => field(n, "a", "client_id="),
    },
    run: (text) => {
      try {
        return oauthForm(text);
      } catch {
        return null;
      }
    },
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
    name: "Claude Code commands, many files in a zip",
    shapes: {
      // As many files as the size allows, each with the most front matter a file may have.
      "argument hints of brackets": (n) => `${n}`,
    },
    run: (size) => imported(manyCommands(Number(size)), "x.zip"),
  },
  {
    name: "an Agent Skill (SKILL.md: metadata, a description cut at a word)",
    shapes: {
      "description: one word": (n) => `---\ndescription: ${field(n, "a")}\n---\nx\n`,
      "description: spaces": (n) => `---\ndescription: ${field(n, " ", "a", "b")}\n---\nx\n`,
      "metadata tags of commas": (n) => `---\nmetadata:\n  tags: ${field(n, ",")}\n---\nx\n`,
      "metadata keys": (n) => `---\nmetadata:\n${field(n, "  k: v\n")}---\nx\n`,
      "name of hyphens": (n) => `---\nname: ${field(n, "-")}\n---\nx\n`,
    },
    run: (text) => imported(text, "SKILL.md"),
  },
  {
    name: "Agent Skills, many files in a zip",
    shapes: {
      // As many skills as the size allows, each with scripts beside its SKILL.md, nested deep.
      "skill folders with scripts": (n) => `${n}`,
    },
    run: (size) => imported(manySkills(Number(size)), "x.zip"),
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
const gc = (globalThis as { gc?: (options?: { type: "major" | "minor" }) => void }).gc;
/**
 * A whole collection once before each test, so each starts from a compacted heap; before each
 * measurement only the young generation is emptied, which is where a measured run's objects land.
 * A whole collection before each measurement cost 34 ms of CPU, over 2,000 times a run (70 s of
 * the project's 106); the times measured came out the same either way, and a planted quadratic
 * parser still failed.
 */
const collectAll = () => gc?.({ type: "major" });
const collectYoung = () => gc?.({ type: "minor" });

/** CPU milliseconds `run` takes, averaged over enough repeats to be measurable. */
async function cpuMs(run: () => unknown) {
  collectYoung();
  let repeats = 0;
  const started = process.cpuUsage();
  let spent = 0;
  do {
    await run();
    repeats++;
    const used = process.cpuUsage(started);
    spent = (used.user + used.system) / 1000;
  } while (spent < 10 && repeats < 50);
  return spent / repeats;
}

/**
 * Two sizes' CPU times, measured in turn a few times and the least of each kept, so that a busy
 * moment of the machine weighs on both alike; while the larger still costs more than `allowed`
 * of the smaller, up to five rounds more, so that a moment busy for a whole round is not taken
 * for a parser that grows too fast (which stays over it however often it is measured). A first
 * run on a new input can cost several times what the next does (540 ms against 100 for the
 * linter on 1 MB), so only a run of seconds is measured once (a quadratic parser's are, and it
 * fails on a smaller size first).
 */
async function timedPair(
  smaller: () => unknown,
  larger: () => unknown,
  allowed: (smallerMs: number) => number,
) {
  let smallerMs = Number.POSITIVE_INFINITY;
  let largerMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 8; round++) {
    smallerMs = Math.min(smallerMs, await cpuMs(smaller));
    const ms = await cpuMs(larger);
    largerMs = Math.min(largerMs, ms);
    if (ms > 2_000 || (round >= 2 && largerMs <= allowed(smallerMs))) break;
  }
  return { smallerMs, largerMs };
}

/**
 * The sizes measured, each only if the one before grew linearly, so a quadratic parser fails
 * within seconds at 62.5 KB instead of running for minutes at 1 MB; and how much more each may
 * cost than the one before. Four times the size may cost eight times as much: linear is four,
 * quadratic sixteen, and the rest allows for the collector, whose work on the objects a parser
 * makes grows faster than they do once they outgrow the young generation.
 */
const steps = [
  { size: 3_906, growth: 0 },
  { size: 15_625, growth: 8 },
  { size: 62_500, growth: 8 },
  { size: 250_000, growth: 8 },
  { size: 1_000_000, growth: 8 },
];
/**
 * Below this (for four times the size), a measurement is mostly noise: on a machine running
 * other suites beside it, a run of well under a millisecond was once measured at over 5 ms. A
 * quadratic parser is far above it by 50 KB (the old front-matter reader took about 2 s there).
 */
const floorMs = 20;

describe("every parser of a person's text runs in time linear in it", () => {
  for (const parser of parsers) {
    it.each(Object.entries(parser.shapes))(`${parser.name}: %s`, async (_shape, shape) => {
      const at = (size: number) => {
        const input = shape(size);
        return () => parser.run(input);
      };
      collectAll();
      await cpuMs(at(steps[0]?.size ?? 0)); // warms the code up
      for (const [index, { size, growth }] of steps.entries()) {
        const before = steps[index - 1];
        if (!before) continue;
        const allowed = (smallerMs: number) => Math.max(growth * smallerMs, (growth / 8) * floorMs);
        const { smallerMs, largerMs } = await timedPair(at(before.size), at(size), allowed);
        expect(
          largerMs,
          `${size} characters, against ${smallerMs.toFixed(2)} ms at ${before.size}`,
        ).toBeLessThanOrEqual(allowed(smallerMs));
      }
    });
  }
});
