import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { importer } from "../../tests/fixtures/imports/import-helpers.ts";
import { realPrompts } from "../../tests/support/real-prompts.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { skillChunks, skillsReadme } from "./export-skills.ts";
import type { ExportedPrompt } from "./library-rows.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

/** The spec's rule for `name`: 1–64 of a-z, 0-9 and hyphens, none at either end or two in a row. */
const validName = /^(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

let made = 0;
function prompt(fields: Partial<ExportedPrompt>): ExportedPrompt {
  made++;
  return {
    id: `00000000-0000-4000-8000-${String(made).padStart(12, "0")}`,
    title: "Untitled",
    description: null,
    promptText: "Some text.",
    category: null,
    shared: false,
    folderId: null,
    tags: [],
    version: 1,
    createdAt: "2026-01-02T03:04:05.000Z",
    updatedAt: "2026-01-02T03:04:05.000Z",
    ...fields,
  };
}

async function* listOf(prompts: ExportedPrompt[]) {
  yield* prompts;
}

/** The archive of `prompts`, as its files' text by path. */
async function exported(prompts: ExportedPrompt[]) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of skillChunks(listOf(prompts))) chunks.push(chunk);
  const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return Object.fromEntries(
    Object.entries(unzipSync(whole)).map(([path, bytes]) => [path, strFromU8(bytes)]),
  );
}

interface Skill {
  folder: string;
  fields: { name: string; description: string; metadata: Record<string, string> };
  body: string;
}

/** Every `SKILL.md` of an archive, its front matter read with `yaml.parse`, in archive order. */
function skillsOf(files: Record<string, string>): Skill[] {
  return Object.entries(files)
    .filter(([path]) => path !== "README.md")
    .map(([path, text]) => {
      const [folder, file, ...rest] = path.split("/");
      expect(file).toBe("SKILL.md");
      expect(rest).toEqual([]);
      const parts = /^---\n([\s\S]*?\n)---\n\n([\s\S]*)\n$/.exec(text);
      if (!parts) throw new Error(`${path} is not front matter and a body:\n${text}`);
      return { folder: folder ?? "", fields: parse(parts[1] ?? ""), body: parts[2] ?? "" };
    });
}

function expectValid(skills: Skill[]) {
  for (const skill of skills) {
    expect(skill.fields.name, skill.folder).toMatch(validName);
    expect(skill.fields.name).toBe(skill.folder);
    expect(typeof skill.fields.description).toBe("string");
    expect([...skill.fields.description].length).toBeGreaterThan(0);
    expect([...skill.fields.description].length).toBeLessThanOrEqual(1024);
    for (const value of Object.values(skill.fields.metadata)) expect(typeof value).toBe("string");
  }
  const names = skills.map((skill) => skill.fields.name);
  expect(new Set(names).size).toBe(names.length);
}

describe("the Agent Skills export", () => {
  it("writes one SKILL.md folder a prompt, named by the spec's rules, and a README", async () => {
    const files = await exported([
      prompt({ title: "Code review", category: "Code review", tags: ["dev", "review"] }),
      prompt({ title: "Résumé -- writer!", promptText: "Write a résumé." }),
      prompt({ title: "!!! ??? ..." }),
      prompt({ title: "日本語のプロンプト" }),
      prompt({ title: "Code   review" }),
      prompt({ title: "Code review 2" }),
      prompt({ title: "Code review" }),
    ]);
    expect(files["README.md"]).toBe(skillsReadme);
    const skills = skillsOf(files);
    expectValid(skills);
    expect(skills.map((skill) => skill.folder)).toEqual([
      "code-review",
      "resume-writer",
      "prompt",
      "prompt-2",
      "code-review-2",
      "code-review-2-2",
      "code-review-3",
    ]);
    expect(skills[0]?.fields).toEqual({
      name: "code-review",
      description: "Code review",
      metadata: { title: "Code review", tags: "dev, review" },
    });
    expect(skills[1]?.body).toBe("Write a résumé.");
  });

  it("keeps names within 64 characters, cut at a hyphen, however many share a title", async () => {
    const long = "Summarise the quarterly financial statements of a company for its board";
    const word = "x".repeat(80);
    const skills = skillsOf(
      await exported([
        ...Array.from({ length: 12 }, () => prompt({ title: long })),
        prompt({ title: word }),
        prompt({ title: word }),
      ]),
    );
    expectValid(skills);
    const names = skills.map((skill) => skill.fields.name);
    // The title's slug, cut at a word near 60 characters (slugOf), leaves room for a number.
    expect(names[0]).toBe("summarise-the-quarterly-financial-statements-of-a-company");
    expect(names[1]).toBe("summarise-the-quarterly-financial-statements-of-a-company-2");
    expect(names[11]).toBe("summarise-the-quarterly-financial-statements-of-a-company-12");
    // One word too long for a name is cut where it stands, with room for its number.
    expect(names[12]).toBe("x".repeat(60));
    expect(names[13]).toBe(`${"x".repeat(60)}-2`);
  });

  it("describes a skill by its description, else its use case, else its title, cut at a word", async () => {
    const words = Array.from({ length: 300 }, (_, n) => `word${n}`).join(" ");
    const files = await exported([
      prompt({ title: "T1", category: "Use case", description: "  What it does,\n\tand when.  " }),
      prompt({ title: "T2", category: "Use\ncase", description: null }),
      prompt({ title: "T3", category: "Use case", description: "   " }),
      prompt({ title: "Only   a\ntitle", category: null }),
      prompt({ title: "Long", description: words }),
      prompt({ title: "One long word", description: "😀".repeat(1100) }),
    ]);
    const skills = skillsOf(files);
    expectValid(skills);
    const descriptions = skills.map((skill) => skill.fields.description);
    expect(descriptions.slice(0, 4)).toEqual([
      "What it does, and when.",
      "Use case",
      "Use case",
      "Only a title",
    ]);
    expect(words.startsWith(descriptions[4] ?? "-")).toBe(true);
    expect(words[descriptions[4]?.length ?? 0]).toBe(" ");
    expect(descriptions[4]?.length).toBeGreaterThan(1000);
    // Characters, not UTF-16 halves: 1,024 whole emoji.
    expect(descriptions[5]).toBe("😀".repeat(1024));
    // On one line, unfolded, for the simplest of readers.
    expect(files["long/SKILL.md"]).toContain(`\ndescription: ${descriptions[4]}\n`);
  });

  it("writes any title, description and tags as YAML that reads back exactly, and the text as it stands", async () => {
    const awkward = [
      '- "Quoted": a title # not a comment',
      "key: value\n--- \n...\nsecond line",
      "'single' & *star* !tag %percent @at `tick` |pipe >fold",
      "  leading and trailing spaces  ",
      "null",
      "123",
      "yes",
      "[not, a, list]",
    ];
    const text =
      "---\nname: not front matter\n---\n\nBody with {{topic}} and trailing spaces   \n\n";
    const prompts = awkward.map((title) =>
      prompt({
        title,
        description: `${title} # described`,
        tags: [title.replace(/\n/g, " "), "#tag"],
        promptText: text,
      }),
    );
    const skills = skillsOf(await exported(prompts));
    expectValid(skills);
    for (const [at, skill] of skills.entries()) {
      const title = awkward[at] ?? "";
      expect(skill.fields.metadata).toEqual({
        title,
        tags: `${title.replace(/\n/g, " ")}, #tag`,
      });
      expect(skill.fields.description).toBe(`${title} # described`.replace(/\s+/g, " ").trim());
      expect(skill.body).toBe(text);
    }
  });

  it("gives every one of the 1,529 real prompts a valid, unique name and its text", async () => {
    const real = realPrompts();
    const skills = skillsOf(
      await exported(
        real.map((row) => prompt({ title: row.act, category: row.act, promptText: row.prompt })),
      ),
    );
    expect(skills).toHaveLength(real.length);
    expectValid(skills);
    for (const [at, skill] of skills.entries()) {
      expect(skill.body).toBe(real[at]?.prompt);
      expect(skill.fields.metadata.title).toBe(real[at]?.act);
    }
  });

  it("is downloaded from the export route as a zip", async () => {
    const me = await importer(database.db, app);
    const made = await me.call("POST", "/api/v1/prompts", {
      useCase: "Code review",
      description: "Reviews a pull request: bugs first, then style.",
      promptText: "Review {{language|TypeScript}} code for {{focus}}.",
      shared: false,
    });
    await me.call("POST", `/api/v1/prompts/${made.body.id}/tags`, { name: "dev" });
    await me.call("POST", "/api/v1/prompts", { promptText: "No use case here.", shared: false });

    const res = await app.request("/api/v1/export?format=skills", {
      headers: { cookie: me.actor.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="promptshelf-skills-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(await res.arrayBuffer()))).map(([path, bytes]) => [
        path,
        strFromU8(bytes),
      ]),
    );
    expect(Object.keys(files).sort()).toEqual([
      "README.md",
      "code-review/SKILL.md",
      "untitled/SKILL.md",
    ]);
    expect(files["code-review/SKILL.md"]).toBe(
      [
        "---",
        "name: code-review",
        'description: "Reviews a pull request: bugs first, then style."',
        "metadata:",
        "  title: Code review",
        "  tags: dev",
        "---",
        "",
        "Review {{language|TypeScript}} code for {{focus}}.",
        "",
      ].join("\n"),
    );
    expect(skillsOf(files).map((skill) => skill.fields.description)).toContain("Untitled");
  });

  it("imports back: titles, descriptions, tags and texts as they were, folders left out", async () => {
    const from = await importer(database.db, app);
    const folder = (await from.call("POST", "/api/v1/folders", { name: "Work" })).body;
    const made = await from.call("POST", "/api/v1/prompts", {
      useCase: "Code review: #PRs",
      description: 'Reviews a pull request: "bugs" first, # then style.',
      promptText: "Review {{language|TypeScript}} code for {{focus}}.\n\n- point one\n",
      shared: false,
    });
    await from.call("PUT", `/api/v1/prompts/${made.body.id}/folder`, { folderId: folder.id });
    for (const name of ["dev", "review"]) {
      await from.call("POST", `/api/v1/prompts/${made.body.id}/tags`, { name });
    }
    await from.call("POST", "/api/v1/prompts", {
      useCase: "Code review",
      promptText: "Again.",
      shared: false,
    });
    await from.call("POST", "/api/v1/prompts", { promptText: "No use case here.", shared: false });
    const res = await app.request("/api/v1/export?format=skills", {
      headers: { cookie: from.actor.cookie },
    });
    // The archive as downloaded: its README is left out beside the skills, not made a prompt.
    const zip = new Uint8Array(await res.arrayBuffer());
    expect(unzipSync(zip)["README.md"]).toBeDefined();

    const to = await importer(database.db, app);
    const imported = await to.send(zip, "promptshelf-skills.zip");
    expect(imported).toMatchObject({
      status: 201,
      body: { format: "Agent Skills", added: 3, skillFilesLeftOut: 1 },
    });
    const shape = (library: Awaited<ReturnType<typeof from.library>>) =>
      library.map(({ title, text, tags }) => ({ title, text, tags }));
    expect(shape(await to.library())).toEqual(shape(await from.library()));
    expect((await to.library()).map((prompt) => prompt.folder)).toEqual([null, null, null]);
    const described = await to.call("GET", "/api/v1/prompts?scope=personal");
    expect(JSON.stringify(described.body)).toContain(
      JSON.stringify('Reviews a pull request: "bugs" first, # then style.'),
    );
  });
});
