import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { descriptionMaxLength } from "../../shared/prompt.ts";
import { importer, ownCounts } from "../../tests/fixtures/imports/import-helpers.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import type { ImportLimits } from "./import-rules.ts";
import { parseImport } from "./parse-import.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const limits: ImportLimits = { promptsPerImport: 100, folderDepth: 4, versionsPerPrompt: 10 };
const noPause = async () => {};
const read = (file: string | Uint8Array, name: string) => parseImport(file, limits, noPause, name);
const zipOf = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])));
/** What a prompt of a parsed import holds, as the library will. */
const shown = (prompt: Awaited<ReturnType<typeof read>>["prompts"][number]) => ({
  title: prompt.useCase,
  description: prompt.columns?.description ?? null,
  text: prompt.promptText,
  tags: prompt.tags,
  folder: prompt.folderPath,
});

/** As skills are written for Claude and Codex: a colon in the quoted description, tools, metadata. */
const codeReviewer = [
  "---",
  "name: code-reviewer",
  'description: "Reviews a diff for bugs and style: use when the user asks for a code review."',
  "license: Apache-2.0",
  "compatibility: Requires git",
  "allowed-tools: Bash(git diff:*) Read Grep",
  "metadata:",
  "  author: example-org",
  '  version: "1.0"',
  "---",
  "",
  "# Code reviewer",
  "",
  "1. Run `git diff` and read each change.",
  "2. Report bugs first, then style.",
  "",
].join("\n");
const reviewerBody =
  "# Code reviewer\n\n1. Run `git diff` and read each change.\n2. Report bugs first, then style.";

const skill = (name: string, body = `Do ${name}.`, extra = "") =>
  `---\nname: ${name}\ndescription: What ${name} does.\n${extra}---\n\n${body}\n`;

describe("an Agent Skill's SKILL.md on its own", () => {
  it("is one prompt: the name made readable, the description, the instructions", async () => {
    const parsed = await read(codeReviewer, "SKILL.md");
    expect(parsed.format).toBe("Agent Skills");
    expect(parsed.prompts.map(shown)).toEqual([
      {
        title: "Code reviewer",
        description: "Reviews a diff for bugs and style: use when the user asks for a code review.",
        text: reviewerBody,
        tags: [],
        folder: [],
      },
    ]);
    // The extension in any case.
    expect((await read(codeReviewer, "SKILL.MD")).format).toBe("Agent Skills");
  });

  it("takes its title and tags back from metadata, as the export writes them", async () => {
    const file = skill(
      "pr-summary",
      "Summarise the pull request.",
      'metadata:\n  title: "Summarise a PR"\n  tags: "git, review, git"\n',
    );
    const [prompt] = (await read(file, "SKILL.md")).prompts;
    expect(prompt && shown(prompt)).toMatchObject({
      title: "Summarise a PR",
      tags: ["git", "review"],
    });
  });

  it("cuts a description over the limit at a word, and takes the skill", async () => {
    const long = Array.from({ length: 120 }, (_, n) => `word${n}`).join(" ");
    expect(long.length).toBeGreaterThan(descriptionMaxLength);
    const [prompt] = (await read(skill("long").replace("What long does.", long), "SKILL.md"))
      .prompts;
    const description = prompt?.columns?.description ?? "";
    expect(description.length).toBeLessThanOrEqual(descriptionMaxLength);
    expect(description).toMatch(/^word0 word1 .* word\d+…$/);
    expect(long.startsWith(description.slice(0, -1))).toBe(true);
    expect(long[description.length - 1]).toBe(" ");
  });

  it.each([
    [
      "with no instructions",
      "---\nname: empty\ndescription: Nothing here.\n---\n\n  \n",
      "SKILL.md: the skill has no instructions after its front matter. Nothing was imported.",
    ],
    [
      "whose front matter is not YAML",
      '---\nname: broken\ndescription: "never closed\n---\n\nText.\n',
      "SKILL.md line 3: a text in quotes is never closed. Nothing was imported.",
    ],
  ])("is refused %s, naming the file", async (_case, file, message) => {
    await expect(read(file, "SKILL.md")).rejects.toThrow(message);
  });
});

describe("a zip of Agent Skills", () => {
  it("makes a prompt of each skill, and leaves out and counts the files beside them", async () => {
    const parsed = await read(
      zipOf({
        "code-reviewer/SKILL.md": codeReviewer,
        "code-reviewer/scripts/diff.sh": "#!/bin/sh\ngit diff\n",
        "code-reviewer/references/STYLE.md": "# Style\n",
        "pdf-tools/SKILL.md": skill("pdf-tools"),
        "pdf-tools/scripts/extract.py": "print('x')\n",
        "pdf-tools/references/REFERENCE.md": "# Reference\n",
        "pdf-tools/assets/template.md": "Template\n",
      }),
      "skills.zip",
    );
    expect(parsed.format).toBe("Agent Skills");
    expect(parsed.skillFilesLeftOut).toBe(5);
    expect(parsed.prompts.map((prompt) => [prompt.useCase, prompt.folderPath])).toEqual([
      ["Code reviewer", []],
      ["Pdf tools", []],
    ]);
  });

  it("nested under skills/: no folder for it; folders above a skill's own are the library's", async () => {
    const parsed = await read(
      zipOf({
        "skills/code-reviewer/SKILL.md": codeReviewer,
        "skills/code-reviewer/references/GUIDE.md": "# Guide\n",
        "repo/.claude/skills/deploy/SKILL.md": skill("deploy"),
        "writing/blog-post/SKILL.md": skill("blog-post"),
        // No name: the folder's.
        "writing/release-notes/SKILL.md": "---\ndescription: Notes.\n---\nWrite them.\n",
      }),
      "skills.zip",
    );
    expect(parsed.skillFilesLeftOut).toBe(1);
    expect(parsed.prompts.map((prompt) => [prompt.useCase, prompt.folderPath])).toEqual([
      ["Code reviewer", []],
      ["Deploy", []],
      ["Blog post", ["writing"]],
      ["Release notes", ["writing"]],
    ]);
  });

  it("may hold .prompt.md files beside the skills: both are read", async () => {
    const parsed = await read(
      zipOf({
        "skills/code-reviewer/SKILL.md": codeReviewer,
        "skills/code-reviewer/references/notes.prompt.md": "Not a prompt of its own.\n",
        ".github/prompts/team/explain.prompt.md": "---\ndescription: Explain\n---\n\nExplain it.\n",
      }),
      "mixed.zip",
    );
    expect(parsed.format).toBe("Agent Skills and Copilot prompt files");
    expect(parsed.skillFilesLeftOut).toBe(1);
    expect(parsed.prompts.map(shown)).toEqual([
      {
        title: "Code reviewer",
        description: "Reviews a diff for bugs and style: use when the user asks for a code review.",
        text: reviewerBody,
        tags: [],
        folder: [],
      },
      { title: "Explain", description: null, text: "Explain it.", tags: [], folder: ["team"] },
    ]);
  });

  it("refuses a skill with no instructions, naming its path", async () => {
    const zip = zipOf({
      "good/SKILL.md": skill("good"),
      "bad/SKILL.md": "---\nname: bad\ndescription: Empty.\n---\n",
    });
    await expect(read(zip, "skills.zip")).rejects.toThrow(
      "bad/SKILL.md: the skill has no instructions after its front matter. Nothing was imported.",
    );
  });
});

describe("importing skills through the import route", () => {
  it("previews, then imports them with description, tags and title into the library", async () => {
    const me = await person();
    const zip = zipOf({
      "skills/code-reviewer/SKILL.md": codeReviewer,
      "skills/code-reviewer/scripts/diff.sh": "git diff\n",
      "skills/summary/SKILL.md": skill(
        "summary",
        "Summarise {{topic}}.",
        'metadata:\n  title: "Summarise a topic"\n  tags: "writing, short"\n',
      ),
      "skills/summary/assets/example.txt": "An example.\n",
    });
    const preview = await me.send(zip, "skills.zip", true);
    expect(preview).toMatchObject({
      status: 200,
      body: { format: "Agent Skills", inFile: 2, added: 2, skillFilesLeftOut: 2, dryRun: true },
    });
    expect(await ownCounts(database.db, me.user.id)).toEqual({ prompts: 0, folders: 0, tags: 0 });

    const imported = await me.send(zip, "skills.zip");
    expect(imported).toMatchObject({ status: 201, body: { added: 2, skillFilesLeftOut: 2 } });
    expect(
      (await me.library()).map(({ title, text, tags, folder }) => ({ title, text, tags, folder })),
    ).toEqual([
      { title: "Code reviewer", text: reviewerBody, tags: [], folder: null },
      {
        title: "Summarise a topic",
        text: "Summarise {{topic}}.",
        tags: ["short", "writing"],
        folder: null,
      },
    ]);
    const descriptions = await database.db
      .select({ title: prompts.title, description: prompts.description })
      .from(prompts)
      .where(eq(prompts.userId, me.user.id))
      .orderBy(prompts.title);
    expect(descriptions).toEqual([
      {
        title: "Code reviewer",
        description: "Reviews a diff for bugs and style: use when the user asks for a code review.",
      },
      { title: "Summarise a topic", description: "What summary does." },
    ]);
  });
});

const person = () => importer(database.db, app);
