import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Prompt } from "../../../shared/prompt.ts";
import type { SearchMatch } from "../../../shared/search-match.ts";
import { type CardAbilities, personalAbilities, teamAbilities } from "./card-abilities.ts";
import { PromptCard } from "./prompt-card.tsx";

/**
 * A card shows the controls its page allows and nothing else decides, and marks a search's term
 * where the server says it lies, never looking for it itself.
 */

const prompt: Prompt = {
  id: "00000000-0000-4000-8000-000000000001",
  title: "Rivers of Europe",
  description: null,
  promptText: "Name three rivers of Europe and one fact about each river.",
  truncated: false,
  category: "Geography",
  isShared: true,
  teamId: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  creatorName: "Ada Lovelace",
  isAdminCreated: false,
  isOwn: false,
  tags: [],
  folderId: null,
  pinned: false,
  isFavourite: false,
  isSaved: false,
  starCount: 0,
  copyCount: 0,
  savedFromId: null,
  version: 1,
  saveCount: 0,
  upstream: null,
};

const none: CardAbilities = {
  edit: false,
  delete: false,
  organise: false,
  saveCopy: false,
  collect: false,
};
const handlers = { onEdit: () => {}, onDelete: () => {}, deleting: false, onChanged: () => {} };

function render(shown: Prompt, options: { term?: string; can?: CardAbilities } = {}) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <PromptCard
        prompt={shown}
        term={options.term ?? ""}
        showCreator
        can={options.can ?? none}
        handlers={handlers}
      />
    </MemoryRouter>,
  );
}

const marks = (html: string) =>
  html.match(/<mark[^>]*>([^<]*)<\/mark>/g)?.map((mark) => mark.replace(/<[^>]+>/g, "")) ?? [];
const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*aria-label="([^"]*)"/g)].map(([, label]) => label);

describe("a prompt card", () => {
  it("marks the term where the server says, and nowhere else", () => {
    const match: SearchMatch = {
      title: [[0, 6]],
      category: [],
      preview: { text: "…one fact about each river.", marks: [[21, 26]] },
      text: [],
    };
    expect(marks(render({ ...prompt, match }, { term: "river" }))).toEqual(["Rivers", "river"]);
    expect(render({ ...prompt, match }, { term: "river" })).toContain("…one fact about each");
    // A term the server gave no places for is not looked for by the card.
    expect(marks(render(prompt, { term: "river" }))).toEqual([]);
  });

  it("offers what the page allows: a reader copies, opens, runs, stars and saves", () => {
    const reader = render(prompt, { can: { ...none, saveCopy: true } });
    expect(buttons(reader)).toEqual([
      "Copy Rivers of Europe",
      "Open in an AI assistant: Rivers of Europe",
      "Run Rivers of Europe against a model",
      "Star Rivers of Europe (0 stars)",
    ]);
    expect(reader).toContain("Save to my library");
    expect(reader).not.toContain('draggable="true"');
  });

  it("offers an editor edit, filing, tags, pinning and delete besides", () => {
    const editor = render(
      { ...prompt, isOwn: true },
      {
        can: {
          edit: true,
          delete: true,
          organise: true,
          pin: "set",
          saveCopy: false,
          collect: true,
        },
      },
    );
    expect(buttons(editor)).toEqual([
      "Copy Rivers of Europe",
      "Edit Rivers of Europe",
      // The library's folders are not given here: the menu has nowhere to file to.
      "Add Rivers of Europe to a collection",
      "Delete Rivers of Europe",
      "Add a tag to Rivers of Europe",
      "Pin Rivers of Europe to the top",
      "Open in an AI assistant: Rivers of Europe",
      "Run Rivers of Europe against a model",
      "Star Rivers of Europe (0 stars)",
    ]);
    expect(editor).toContain('draggable="true"');
    expect(editor).not.toContain("Save to my library");
  });
});

describe("on a person's own library and the community's", () => {
  const admin = { isAdmin: true, organising: false };
  it("lets the owner change their prompt, an administrator delete any, and others save a copy", () => {
    expect(
      personalAbilities({ ...prompt, isOwn: true }, { isAdmin: false, organising: true }),
    ).toEqual({
      edit: true,
      delete: true,
      organise: true,
      pin: "set",
      saveCopy: false,
      collect: true,
      tests: "change",
    });
    expect(personalAbilities(prompt, admin)).toEqual({
      edit: false,
      delete: true,
      organise: false,
      saveCopy: true,
      collect: true,
    });
    expect(personalAbilities({ ...prompt, isShared: false, isOwn: true }, admin).collect).toBe(
      false,
    );
  });
});

describe("on a team's library", () => {
  it("lets its editors pin its prompts and change and run the test cases its viewers read", () => {
    const teamPrompt = { ...prompt, teamId: "team" };
    expect(teamAbilities(teamPrompt, "viewer")).toMatchObject({
      edit: false,
      pin: "show",
      tests: "read",
    });
    expect(teamAbilities(teamPrompt, "editor")).toMatchObject({
      edit: true,
      pin: "set",
      tests: "change",
    });
    expect(teamAbilities(teamPrompt, "owner").tests).toBe("change");
  });
});
