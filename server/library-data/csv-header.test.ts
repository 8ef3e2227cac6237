import { expect, it } from "vitest";
import { csvHeader } from "./csv-records.ts";

it("reads a CSV file's header as CSV: quoted names, a byte order mark, any line break", () => {
  expect(csvHeader("act,prompt\nLinux Terminal,Act as a terminal")).toEqual(["act", "prompt"]);
  expect(csvHeader('\uFEFF"title","content"\r\n"A","B"')).toEqual(["title", "content"]);
  expect(csvHeader('"notes, short",act,prompt\n')).toEqual(["notes, short", "act", "prompt"]);
  expect(csvHeader('"say ""hi""",prompt')).toEqual(['say "hi"', "prompt"]);
  expect(csvHeader("prompt")).toEqual(["prompt"]);
});

it("finds no header in a file that does not start with a line of CSV", () => {
  expect(csvHeader("")).toEqual([]);
  expect(csvHeader('title,"content\nnever closed')).toEqual([]);
});
