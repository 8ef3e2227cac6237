import { describe, expect, it } from "vitest";
import { keyName, resolveShortcut } from "./resolve-shortcut.ts";
import { shortcuts } from "./shortcuts.ts";

const list = [{ keys: "g d" }, { keys: "g c" }, { keys: "j" }, { keys: "?" }, { keys: "mod+k" }];

describe("resolving keys to a shortcut", () => {
  it("finds a single key", () => {
    expect(resolveShortcut(list, [], "j")).toEqual({ match: { keys: "j" }, pending: [] });
  });

  it("waits after the first key of a sequence and finds the sequence with the second", () => {
    const first = resolveShortcut(list, [], "g");
    expect(first).toEqual({ match: null, pending: ["g"] });
    expect(resolveShortcut(list, first.pending, "c")).toEqual({
      match: { keys: "g c" },
      pending: [],
    });
  });

  it("takes a key that ends no sequence on its own, and forgets one that means nothing", () => {
    expect(resolveShortcut(list, ["g"], "j")).toEqual({ match: { keys: "j" }, pending: [] });
    expect(resolveShortcut(list, ["g"], "x")).toEqual({ match: null, pending: [] });
    expect(resolveShortcut(list, [], "x")).toEqual({ match: null, pending: [] });
    // "g" twice starts the sequence again.
    expect(resolveShortcut(list, ["g"], "g")).toEqual({ match: null, pending: ["g"] });
  });
});

describe("naming a key press", () => {
  const press = (
    key: string,
    held: Partial<Record<"ctrlKey" | "metaKey" | "altKey", boolean>> = {},
  ) => keyName({ key, ctrlKey: false, metaKey: false, altKey: false, ...held });

  it("names typed characters, Shift included, and Ctrl or ⌘ with K", () => {
    expect(press("j")).toBe("j");
    expect(press("?")).toBe("?");
    expect(press("k", { ctrlKey: true })).toBe("mod+k");
    expect(press("K", { metaKey: true })).toBe("mod+k");
  });

  it("names nothing held with another modifier, nor keys that type nothing", () => {
    expect(press("c", { ctrlKey: true })).toBeNull();
    expect(press("k", { altKey: true })).toBeNull();
    expect(press("k", { ctrlKey: true, altKey: true })).toBeNull();
    expect(press("Shift")).toBeNull();
    expect(press("ArrowDown")).toBeNull();
    expect(press("Escape")).toBeNull();
  });
});

describe("the shortcut list", () => {
  it("has each key sequence once, with a description", () => {
    const keys = shortcuts.map((shortcut) => shortcut.keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const shortcut of shortcuts) expect(shortcut.description.trim()).not.toBe("");
  });

  it("never makes a single key both a shortcut and the start of a sequence", () => {
    for (const shortcut of shortcuts) {
      const first = shortcut.keys.split(" ")[0];
      if (shortcut.keys.includes(" ")) {
        expect(shortcuts.some((other) => other.keys === first)).toBe(false);
      }
    }
  });

  it("lets only the palette's own key fire while typing", () => {
    expect(shortcuts.filter((shortcut) => shortcut.whileTyping).map((s) => s.keys)).toEqual([
      "mod+k",
    ]);
  });

  it("has every shortcut the product asks for", () => {
    expect(shortcuts.map((shortcut) => shortcut.keys).sort()).toEqual(
      ["mod+k", "/", "n", "g d", "g c", "g f", "j", "k", "c", "e", "s", "?"].sort(),
    );
  });
});
