import type { Pace } from "../pacing.ts";

/** Where a JSON file stops making sense, as an offset into its text. */
export class JsonShapeError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

export type JsonEvent =
  | { kind: "member"; key: string; isArray: boolean }
  | { kind: "value"; key: string; text: string; offset: number }
  | { kind: "element"; key: string; text: string; offset: number };

/** Deeper than any file PromptShelf writes (four levels) by far. */
const maxJsonDepth = 64;

const quote = 34;
const backslash = 92;
const openers = new Set([123, 91]); // { [
const closers = new Set([125, 93]); // } ]
const scalarEnd = /[\s,\]}]/;

/**
 * Reads a JSON document whose top level is an object, member by member, without building it
 * whole: each member's value comes back as its text (to give to JSON.parse), an array's one
 * element at a time. Long scans pause now and then, so a file of many megabytes never holds the
 * event loop for long, and nesting deeper than `maxJsonDepth` is refused where it happens,
 * before anything recursive reads it. Brackets are matched by count alone: each piece of text
 * is checked when it is parsed.
 */
export async function* jsonMembers(text: string, pace: Pace): AsyncGenerator<JsonEvent> {
  let i = skipSpace(text, 0);
  if (text[i] !== "{") throw new JsonShapeError(i, "expected an object");
  i = skipSpace(text, i + 1);
  if (text[i] === "}") return expectEnd(text, i + 1);
  while (true) {
    if (text[i] !== '"') throw new JsonShapeError(i, "expected a key in quotes");
    const keyEnd = skipString(text, i);
    const key = parseKey(text.slice(i, keyEnd), i);
    i = skipSpace(text, keyEnd);
    if (text[i] !== ":") throw new JsonShapeError(i, "expected ':' after a key");
    i = skipSpace(text, i + 1);
    const isArray = text[i] === "[";
    yield { kind: "member", key, isArray };
    if (isArray) {
      i = skipSpace(text, i + 1);
      if (text[i] === "]") i++;
      else {
        while (true) {
          const end = await scanValue(text, i, 2, pace);
          yield { kind: "element", key, text: text.slice(i, end), offset: i };
          await pace();
          i = skipSpace(text, end);
          if (text[i] === ",") i = skipSpace(text, i + 1);
          else if (text[i] === "]") {
            i++;
            break;
          } else throw new JsonShapeError(i, "expected ',' or ']' in a list");
        }
      }
    } else {
      const end = await scanValue(text, i, 1, pace);
      yield { kind: "value", key, text: text.slice(i, end), offset: i };
      i = end;
    }
    i = skipSpace(text, i);
    if (text[i] === ",") i = skipSpace(text, i + 1);
    else if (text[i] === "}") return expectEnd(text, i + 1);
    else throw new JsonShapeError(i, "expected ',' or '}' after a value");
  }
}

/** The line (from 1) an offset falls on. */
export function lineAt(text: string, offset: number) {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) {
    line++;
  }
  return line;
}

function expectEnd(text: string, from: number) {
  const end = skipSpace(text, from);
  if (end < text.length) throw new JsonShapeError(end, "unexpected text after the end");
}

function skipSpace(text: string, from: number) {
  let i = from;
  while (i < text.length && /\s/.test(text.charAt(i))) i++;
  return i;
}

/** From an opening quote to just past its closing quote. */
/** A key's text in quotes, read as JSON reads it: a bad escape or a raw control character is refused. */
function parseKey(quoted: string, offset: number): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    throw new JsonShapeError(offset, "a key in quotes is not valid JSON text");
  }
}

function skipString(text: string, start: number) {
  let at = start;
  while (true) {
    at = text.indexOf('"', at + 1);
    if (at === -1) throw new JsonShapeError(start, "a text in quotes is never closed");
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === backslash) slashes++;
    if (slashes % 2 === 0) return at + 1;
  }
}

/** The end (exclusive) of the value starting at `start`, which sits `depth` levels down. */
async function scanValue(text: string, start: number, depth: number, pace: Pace) {
  const first = text.charCodeAt(start);
  if (Number.isNaN(first)) throw new JsonShapeError(start, "the file ends too early");
  if (first === quote) return skipString(text, start);
  if (!openers.has(first)) {
    let i = start;
    while (i < text.length && !scalarEnd.test(text.charAt(i))) i++;
    if (i === start) throw new JsonShapeError(start, "expected a value");
    return i;
  }
  let open = 0;
  let paused = start;
  let i = start;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === quote) {
      i = skipString(text, i);
      continue;
    }
    if (openers.has(c)) {
      open++;
      if (depth + open > maxJsonDepth) {
        throw new JsonShapeError(i, `nested more than ${maxJsonDepth} levels deep`);
      }
    } else if (closers.has(c)) {
      open--;
      if (open === 0) return i + 1;
    }
    i++;
    if (i - paused > 262_144) {
      await pace();
      paused = i;
    }
  }
  throw new JsonShapeError(start, "a list or object is never closed");
}
