import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeCodeZip, copilotZip } from "../../tests/fixtures/imports/fixture-zips.ts";
import {
  converted,
  importer,
  ownCounts,
  variablesOf,
} from "../../tests/fixtures/imports/import-helpers.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { projectRoot } from "../project-root.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const fixtures = join(projectRoot, "tests/fixtures/imports");
const fixture = (name: string) => readFileSync(join(fixtures, name), "utf8");
const json = (name: string) => JSON.parse(fixture(name));
const person = () => importer(database.db, app);

describe("Open WebUI", () => {
  it("imports its prompt export: titles (or commands), tags, dates and typed variables", async () => {
    const me = await person();
    const [travel, terminal, plagiarism] = json("open-webui-prompts.json");
    const file = fixture("open-webui-prompts.json");
    const preview = await me.send(file, "open-webui-prompts.json", true);
    expect(preview).toMatchObject({
      status: 200,
      body: { format: "Open WebUI JSON", inFile: 3, added: 3, newFolders: 0, dryRun: true },
    });
    expect(preview.body.sample).toEqual(["Travel Guide", "Linux Terminal", "plagiarism-check"]);
    expect((await me.send(file, "open-webui-prompts.json")).status).toBe(201);

    const library = await me.library();
    expect(library).toEqual([
      {
        title: "Linux Terminal",
        category: "Linux Terminal",
        text: converted(terminal.content, [["{{command | text:required}}", "{{command!}}"]]),
        tags: ["dev", "shell"],
        folder: null,
        createdAt: "2024-05-06T12:53:20.000Z",
      },
      {
        // No title: the command names it.
        title: "plagiarism-check",
        category: "plagiarism-check",
        text: plagiarism.content,
        tags: [],
        folder: null,
        createdAt: "2024-05-18T02:40:00.000Z",
      },
      {
        title: "Travel Guide",
        category: "Travel Guide",
        text: converted(travel.content, [
          [
            '{{location | text:placeholder="City and district":default="Istanbul/Beyoğlu"}}',
            "{{location|Istanbul/Beyoğlu}}",
          ],
          [
            '{{place_type | select:options=["museums","parks","markets"]:default="museums"}}',
            "{{place_type:choice(museums,parks,markets)|museums}}",
          ],
        ]),
        tags: ["planning", "travel"],
        folder: null,
        createdAt: "2024-04-24T23:06:40.000Z",
      },
    ]);
    expect(variablesOf(library[2]?.text ?? "")).toEqual([
      { name: "location", defaultValue: "Istanbul/Beyoğlu" },
      { name: "place_type", defaultValue: "museums" },
    ]);
    expect(variablesOf(library[1]?.text ?? "")).toEqual([{ name: "CLIPBOARD", defaultValue: "" }]);
  });
});

describe("LibreChat", () => {
  it("imports its prompt groups: production text, category as a tag, dropdowns", async () => {
    const me = await person();
    const [debater, teacher] = json("librechat-prompts.json").promptGroups;
    const result = await me.send(fixture("librechat-prompts.json"), "librechat-prompts.json");
    expect(result).toMatchObject({ status: 201, body: { format: "LibreChat JSON", added: 2 } });
    const library = await me.library();
    expect(library).toEqual([
      {
        title: "Debater",
        category: "Debater",
        text: converted(debater.productionPrompt.prompt, [
          ["{{tone:persuasive|neutral|humorous}}", "{{tone|persuasive}}"],
        ]),
        tags: ["write"],
        folder: null,
        createdAt: "2024-05-02T09:30:00.000Z",
      },
      {
        title: "Math Teacher",
        category: "Math Teacher",
        text: teacher.productionPrompt.prompt,
        tags: ["teach_or_explain"],
        folder: null,
        createdAt: "2024-06-11T14:00:00.000Z",
      },
    ]);
    expect(variablesOf(library[0]?.text ?? "")).toEqual([
      { name: "topic", defaultValue: "" },
      { name: "tone", defaultValue: "persuasive" },
    ]);
    expect(variablesOf(library[1]?.text ?? "").map((v) => v.name)).toEqual([
      "concept",
      "current_date",
    ]);
  });

  it("reads a plain list of groups as well", async () => {
    const me = await person();
    const groups = JSON.stringify(json("librechat-prompts.json").promptGroups);
    expect((await me.send(groups, "groups.json")).body).toMatchObject({
      format: "LibreChat JSON",
      added: 2,
    });
  });
});

describe("Raycast", () => {
  it("imports AI commands: arguments (named, unnamed, with defaults) and placeholders", async () => {
    const me = await person();
    const [etymologist, plagiarism, aphorisms] = json("raycast-ai-commands.json");
    const result = await me.send(fixture("raycast-ai-commands.json"), "raycast-ai-commands.json");
    expect(result).toMatchObject({
      status: 201,
      body: { format: "Raycast AI Commands JSON", added: 3 },
    });
    const library = await me.library();
    expect(library.map(({ title, text, tags, folder }) => ({ title, text, tags, folder }))).toEqual(
      [
        {
          title: "Aphorism Book",
          text: converted(aphorisms.prompt, [
            ["{{author}}", "\\{{author}}"],
            ["{argument} in", "{{argument}} in"],
            ["{argument default=adversity}", "{{argument 2|adversity}}"],
          ]),
          tags: [],
          folder: null,
        },
        {
          title: "Etymologist",
          text: converted(etymologist.prompt, [
            ['{argument name="word" default="pizza"}', "{{word|pizza}}"],
          ]),
          tags: [],
          folder: null,
        },
        {
          title: "Plagiarism Checker",
          text: converted(plagiarism.prompt, [["{selection}", "{{selection}}"]]),
          tags: [],
          folder: null,
        },
      ],
    );
    // Mustache-like text and text in single braces stay text.
    expect(variablesOf(library[0]?.text ?? "")).toEqual([
      { name: "argument", defaultValue: "" },
      { name: "argument 2", defaultValue: "adversity" },
    ]);
    expect(library[0]?.text).toContain("{curly notes}");
  });

  it("imports presets: instructions, with an argument's first option as its default", async () => {
    const me = await person();
    const [preset] = json("raycast-presets.json");
    const result = await me.send(fixture("raycast-presets.json"), "raycast-presets.json");
    expect(result).toMatchObject({ status: 201, body: { format: "Raycast Presets JSON" } });
    const [prompt] = await me.library();
    expect(prompt?.title).toBe("Cyber Security Specialist");
    expect(prompt?.text).toBe(
      converted(preset.instructions, [
        ['{argument name="company" options="my company, a bank"}', "{{company|my company}}"],
      ]),
    );
  });
});

describe("AI Prompt Genius", () => {
  it("imports its JSON export: folder, tags, typed variables; a conditional stays text", async () => {
    const me = await person();
    const [chef, designer] = json("ai-prompt-genius.json");
    const result = await me.send(fixture("ai-prompt-genius.json"), "AI-Prompt-Genius-Prompts.json");
    expect(result).toMatchObject({
      status: 201,
      body: { format: "AI Prompt Genius JSON", added: 2, newFolders: 1 },
    });
    const library = await me.library();
    expect(library).toEqual([
      {
        title: "Chef",
        category: "Chef",
        text: converted(chef.text, [
          ["{{style::list-light; hearty; spicy}}", "{{style:choice(light,hearty,spicy)|light}}"],
          ["{{minutes::number-20}}", "{{minutes:number|20}}"],
        ]),
        tags: ["food", "quick"],
        folder: "Cooking",
        createdAt: "2024-05-29T16:26:40.000Z",
      },
      {
        title: "UX/UI Developer",
        category: "UX/UI Developer",
        text: converted(designer.text, [
          ["{{product::text}}", "{{product}}"],
          ['{{if product == "game"', '\\{{if product == "game"'],
        ]),
        tags: ["design"],
        folder: null,
        createdAt: "2024-05-30T20:13:20.000Z",
      },
    ]);
    expect(variablesOf(library[0]?.text ?? "")).toEqual([
      { name: "style", defaultValue: "light" },
      { name: "minutes", defaultValue: "20" },
      { name: "ingredient", defaultValue: "" },
    ]);
    expect(variablesOf(library[1]?.text ?? "")).toEqual([{ name: "product", defaultValue: "" }]);
  });

  it("imports its CSV export by column place, a multi-line text whole", async () => {
    const me = await person();
    const result = await me.send(fixture("ai-prompt-genius.csv"), "AI-Prompt-Genius-Prompts.csv");
    expect(result).toMatchObject({
      status: 201,
      body: { format: "AI Prompt Genius CSV", added: 2, newFolders: 2 },
    });
    const library = await me.library();
    expect(library.map(({ title, text, tags, folder }) => ({ title, text, tags, folder }))).toEqual(
      [
        {
          title: "Composer",
          text: expect.stringMatching(
            /^I want you to act as a composer\. .* named \{\{poem\}\}" and I want the music to feel \{\{mood:choice\(hopeful,melancholic\)\|hopeful\}\}\.$/,
          ),
          tags: ["music", "writing"],
          folder: "Music",
        },
        {
          title: "Philosopher",
          text: "I want you to act as a philosopher.\nI will provide some topics related to the study of philosophy.\nMy first request is about {{topic}}.",
          tags: ["philosophy"],
          folder: "Thinking",
        },
      ],
    );
  });
});

describe("Copilot prompt files", () => {
  const mathTeacher = fixture("copilot/math-teacher.prompt.md");
  const security = fixture("copilot/security/cyber-security.prompt.md");
  const body = (file: string) => file.slice(file.indexOf("\n---\n") + 5).replace(/^\n/, "");

  it("imports a zip: folders from its directories, input and VS Code variables", async () => {
    const me = await person();
    const result = await me.send(copilotZip(), "prompts.zip");
    expect(result).toMatchObject({
      status: 201,
      body: { format: "Copilot prompt files", added: 2, newFolders: 1 },
    });
    const library = await me.library();
    expect(library.map(({ title, text, tags, folder }) => ({ title, text, tags, folder }))).toEqual(
      [
        {
          title: "Cyber security strategy",
          text: converted(body(security).trimEnd(), [
            [`\${input:company}`, "{{company}}"],
            [`\${selection}`, "{{selection}}"],
          ]),
          tags: [],
          folder: "security",
        },
        {
          // A description over 35 characters stays whole at the top of the text.
          title: "Explain a maths concept step by",
          text: `Explain a maths concept step by step\n\n${converted(body(mathTeacher).trimEnd(), [
            [`\${input:concept:probability}`, "{{concept|probability}}"],
          ])}`,
          tags: [],
          folder: null,
        },
      ],
    );
    expect(variablesOf(library[0]?.text ?? "")).toEqual([
      { name: "company", defaultValue: "" },
      { name: "selection", defaultValue: "" },
    ]);
    expect(library[0]?.text).toContain(`\`echo \${HOME}\``);
  });

  it("imports one .prompt.md file on its own", async () => {
    const me = await person();
    const result = await me.send(security, "cyber-security.prompt.md");
    expect(result).toMatchObject({ status: 201, body: { format: "Copilot prompt files" } });
    expect((await me.library()).map((p) => [p.title, p.folder])).toEqual([
      ["Cyber security strategy", null],
    ]);
  });
});

describe("Claude Code commands", () => {
  it("imports a zip: namespaces as folders, $1/$2 named by argument-hint, $ARGUMENTS", async () => {
    const me = await person();
    const etymology = fixture("claude-code/commands/etymology.md");
    const aphorisms = fixture("claude-code/commands/writing/aphorisms.md");
    const result = await me.send(claudeCodeZip(), "commands.zip");
    expect(result).toMatchObject({
      status: 201,
      body: { format: "Claude Code commands", added: 2, newFolders: 1 },
    });
    const library = await me.library();
    expect(library.map(({ title, text, tags, folder }) => ({ title, text, tags, folder }))).toEqual(
      [
        {
          // No front matter: the file's name is the title.
          title: "aphorisms",
          text: converted(aphorisms.trimEnd(), [["$ARGUMENTS", "{{arguments}}"]]),
          tags: [],
          folder: "writing",
        },
        {
          title: "Trace a word's origins",
          text: converted(etymology.slice(etymology.indexOf("\n---\n") + 6).trimEnd(), [
            ["'$1'", "'{{word}}'"],
            ["$2", "{{language}}"],
          ]),
          tags: [],
          folder: null,
        },
      ],
    );
    expect(library[0]?.text).toContain("costs $10 to print");
    expect(variablesOf(library[1]?.text ?? "").map((v) => v.name)).toEqual(["word", "language"]);
  });
});

describe("a malformed file of each format", () => {
  const openWebUi = json("open-webui-prompts.json");
  const withEntry = (list: unknown[], at: number, entry: unknown) =>
    JSON.stringify(list.map((item, i) => (i === at ? entry : item)));
  it.each([
    [
      "Open WebUI, an entry without content",
      withEntry(openWebUi, 1, { ...openWebUi[1], content: undefined }),
      "x.json",
      /^Entry 2 \("Linux Terminal"\): content: /,
    ],
    [
      "Open WebUI, broken JSON",
      fixture("open-webui-prompts.json").replace('"content"', '"content" "'),
      "x.json",
      /^Line \d+: not valid JSON/,
    ],
    [
      "LibreChat, a group without its production prompt",
      JSON.stringify({
        promptGroups: [
          { ...json("librechat-prompts.json").promptGroups[0], productionPrompt: null },
        ],
      }),
      "x.json",
      /^Entry 1 \("Debater"\): productionPrompt: /,
    ],
    [
      "Raycast, a prompt that is not text",
      withEntry(json("raycast-ai-commands.json"), 2, { title: "Aphorism Book", prompt: 42 }),
      "x.json",
      /^Entry 3 \("Aphorism Book"\): prompt: /,
    ],
    [
      "AI Prompt Genius JSON, an empty prompt",
      withEntry(json("ai-prompt-genius.json"), 1, { title: "UX/UI Developer", text: "  " }),
      "x.json",
      /^Entry 2 \("UX\/UI Developer"\): the prompt is empty/,
    ],
    [
      "AI Prompt Genius CSV, an unclosed quote",
      `${fixture("ai-prompt-genius.csv")}Broken,"never closed,,,\n`,
      "x.csv",
      /^Line 6: not valid CSV/,
    ],
    [
      "a list of something else",
      JSON.stringify([{ question: "?", answer: "!" }]),
      "x.json",
      /^Entry 1: not a prompt of any format PromptShelf reads/,
    ],
    [
      "a Copilot file whose front matter never closes",
      "---\ndescription: Review\nThe prompt, with no closing line\n",
      "review.prompt.md",
      /^review\.prompt\.md line 1: the front matter \(from ---\) is never closed/,
    ],
    [
      "a Claude Code command with a broken front matter line",
      "---\ndescription: Review\nnot a field\n---\nReview $ARGUMENTS\n",
      "review.md",
      /^review\.md line 3: expected "name: value" in the front matter/,
    ],
    [
      "a Claude Code command with an unclosed quote",
      '---\ndescription: "Review\n---\nReview $ARGUMENTS\n',
      "review.md",
      /^review\.md line 2: a text in quotes is never closed/,
    ],
  ])("refuses %s, naming where, and imports nothing", async (_case, file, name, message) => {
    const me = await person();
    const result = await me.send(file, name);
    expect(result.status).toBe(400);
    expect(result.body.error.message).toMatch(message);
    expect(result.body.error.message).toMatch(/Nothing was imported\.$/);
    expect(await ownCounts(database.db, me.user.id)).toEqual({ prompts: 0, folders: 0, tags: 0 });
  });

  it("refuses a zip entry whose front matter breaks, naming the file and line", async () => {
    const { zipSync, strToU8 } = await import("fflate");
    const me = await person();
    const zip = zipSync({
      ".github/prompts/good.prompt.md": strToU8("---\ndescription: Good\n---\nFine.\n"),
      ".github/prompts/team/bad.prompt.md": strToU8("---\ndescription: [never, closed\n---\nX\n"),
    });
    const result = await me.send(zip, "prompts.zip");
    expect(result.status).toBe(400);
    expect(result.body.error.message).toBe(
      ".github/prompts/team/bad.prompt.md line 2: a list in [brackets] is never closed. Nothing was imported.",
    );
    expect(await ownCounts(database.db, me.user.id)).toEqual({ prompts: 0, folders: 0, tags: 0 });
  });
});
