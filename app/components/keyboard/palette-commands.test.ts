import { describe, expect, it } from "vitest";
import { matchesCommand, paletteCommands } from "./palette-commands.ts";

const noop = () => {};
const actions = { newPrompt: noop, showShortcuts: noop, signOut: noop, go: noop, setTheme: noop };

describe("the palette's commands", () => {
  const commands = (isAdmin: boolean) =>
    paletteCommands({
      user: { isAdmin },
      folders: [
        { id: "f1", name: "Work", parentId: null, promptCount: 2 },
        { id: "f2", name: "Clients", parentId: "f1", promptCount: 1 },
      ],
      tags: [{ name: "drafts", promptCount: 3 }],
      teams: [],
      actions,
    });

  it("go to every page of the menus, the admin's only for administrators", () => {
    const pages = (isAdmin: boolean) =>
      commands(isAdmin)
        .filter((command) => command.group === "Go to")
        .map((command) => command.label);
    expect(pages(false)).toEqual(
      expect.arrayContaining(["Personal", "Central", "Favourites", "Settings", "Claude"]),
    );
    expect(pages(false)).not.toContain("Admin");
    expect(pages(true)).toContain("Admin");
  });

  it("name a folder with its parents and go to it, to a tag on the dashboard, and to a team", () => {
    const go: string[] = [];
    const list = paletteCommands({
      user: { isAdmin: false },
      folders: [
        { id: "f1", name: "Work", parentId: null, promptCount: 2 },
        { id: "f2", name: "Clients", parentId: "f1", promptCount: 1 },
      ],
      tags: [{ name: "to do & later", promptCount: 1 }],
      teams: [{ id: "t1", name: "Lab" }],
      actions: { ...actions, go: (path) => go.push(path) },
    });
    const folder = list.find((command) => command.label === "Work / Clients");
    folder?.run();
    list.find((command) => command.label === "#to do & later")?.run();
    list.find((command) => command.group === "Teams" && command.label === "Lab")?.run();
    expect(go).toEqual(["/dashboard?folder=f2", "/dashboard?tag=to+do+%26+later", "/teams/t1"]);
  });

  it("survive a folder that names itself as its own parent", () => {
    const list = paletteCommands({
      user: { isAdmin: false },
      folders: [{ id: "a", name: "Loop", parentId: "a", promptCount: 0 }],
      tags: [],
      teams: [],
      actions,
    });
    expect(list.some((command) => command.label === "Loop")).toBe(true);
  });

  it("are found by the starts of their words, their group's and their keywords", () => {
    const found = (term: string) =>
      commands(false)
        .filter((command) => matchesCommand(command, term))
        .map((command) => command.label);
    expect(found("go cent")).toEqual(["Central"]);
    expect(found("dashboard")).toEqual(["Personal"]);
    expect(found("dark")).toEqual(["Dark"]);
    expect(found("theme")).toEqual(["Light", "Dark", "Same as the system"]);
    expect(found("CLIENTS")).toEqual(["Work / Clients"]);
    expect(found("#drafts")).toEqual(["#drafts"]);
    expect(found("log out")).toEqual(["Sign out"]);
  });

  it("answer nothing for a term without a letter or digit, or one that starts no word", () => {
    const found = (term: string) =>
      commands(false).filter((command) => matchesCommand(command, term));
    expect(found("?!")).toEqual([]);
    expect(found("entral")).toEqual([]);
    expect(found("x".repeat(10_000))).toEqual([]);
  });
});
