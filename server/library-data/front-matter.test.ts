import { describe, expect, it } from "vitest";
import { frontMatterLimit, splitFrontMatter } from "./front-matter.ts";

const read = (frontMatter: string, body = "The prompt.\n") =>
  splitFrontMatter(`---\n${frontMatter}\n---\n${body}`, "x.prompt.md");
const fieldsOf = (frontMatter: string) => Object.fromEntries(read(frontMatter).fields);

describe("front matter, read as YAML", () => {
  it("reads text, quoted text, lists, blocks and comments as YAML does, every value as text", () => {
    expect(
      fieldsOf(
        [
          "description: 'Explain a maths concept'",
          'name: "Tutor \\u00e9"',
          "agent: ask # the mode",
          "tools: ['search', \"fetch\"]",
          "tags:",
          "  - maths",
          "  - teaching",
          "notes: |",
          "  first line",
          "  second line",
          "summary: >",
          "  folded",
          "  together",
          "version: 12",
          "draft: yes",
        ].join("\n"),
      ),
    ).toEqual({
      description: "Explain a maths concept",
      name: "Tutor é",
      agent: "ask",
      tools: ["search", "fetch"],
      tags: ["maths", "teaching"],
      notes: "first line\nsecond line",
      summary: "folded together",
      version: "12",
      draft: "yes",
    });
  });

  it("skips settings deeper than text or a list of text", () => {
    expect(fieldsOf("description: Review\nmodel:\n  name: gpt\n  options: [1, 2]\nempty:")).toEqual(
      { description: "Review" },
    );
  });

  it("keeps a mapping of text apart (an Agent Skill's metadata), one level deep", () => {
    const { fields, maps } = read(
      "name: review\nmetadata:\n  title: Review a PR\n  tags: [git, review]\n  deeper:\n    x: y",
    );
    expect(Object.fromEntries(fields)).toEqual({ name: "review" });
    expect(Object.fromEntries(maps.get("metadata") ?? [])).toEqual({
      title: "Review a PR",
      tags: ["git", "review"],
    });
    // Read field by field (the file as a whole is not YAML), the mapping is kept the same.
    const byField = read("description: Fix: the bug\nmetadata:\n  title: Fix it");
    expect(Object.fromEntries(byField.maps.get("metadata") ?? [])).toEqual({ title: "Fix it" });
  });

  it("keeps the body after the closing line, and a file without front matter whole", () => {
    expect(read("description: x", "Line one\nLine two\n").body).toBe("Line one\nLine two\n");
    expect(splitFrontMatter("No front matter here.", "x.md")).toEqual({
      fields: new Map(),
      maps: new Map(),
      body: "No front matter here.",
    });
  });

  it("reads a line YAML reads otherwise as the text a tool means by it", () => {
    expect(
      fieldsOf("description: Fix: the bug\nargument-hint: [pr-number] [priority]\nname: Review"),
    ).toEqual({
      description: "Fix: the bug",
      "argument-hint": "[pr-number] [priority]",
      name: "Review",
    });
  });

  it.each([
    [
      "a quote never closed",
      'name: x\ndescription: "Review',
      /^x\.prompt\.md line 3: a text in quotes is never closed/,
    ],
    [
      "a list never closed",
      "description: [never, closed",
      /^x\.prompt\.md line 2: a list in \[brackets\] is never closed/,
    ],
    [
      "a line that is no field",
      "description: Review\nnot a field",
      /^x\.prompt\.md line 3: expected "name: value"/,
    ],
    ["an alias to no anchor", "description: *nothing", /^x\.prompt\.md line 2: not YAML/],
    [
      "a field of several lines that is not YAML",
      "tags:\n  - a\n  - [b\ndescription: x",
      /^x\.prompt\.md line 4: /,
    ],
  ])("refuses %s, naming the line", (_case, frontMatter, message) => {
    expect(() => read(frontMatter)).toThrow(message);
  });

  it("refuses front matter over the limit before reading it", () => {
    const under = `description: ${"a".repeat(frontMatterLimit - 100)}`;
    expect(fieldsOf(under).description).toHaveLength(frontMatterLimit - 100);
    const over = `description: ${"a".repeat(frontMatterLimit)}`;
    expect(() => read(over)).toThrow(/line 1: the front matter is over 8 KB/);
  });

  it("refuses an alias bomb rather than expanding it", () => {
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]",
      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]",
      "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]",
      "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]",
    ].join("\n");
    expect(() => read(bomb)).toThrow(/not YAML/);
  });
});
