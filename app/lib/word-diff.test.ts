import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changedWords, folded, wordDiff } from "./word-diff.ts";

const rebuild = (parts: ReturnType<typeof wordDiff>, side: "older" | "newer") =>
  parts
    .filter(
      (part) => part.kind === "same" || part.kind === (side === "older" ? "removed" : "added"),
    )
    .map((part) => part.text)
    .join("");

describe("comparing two versions word by word", () => {
  it("marks the words added and removed, keeping spaces and lines as written", () => {
    const parts = wordDiff(
      "Write short release notes.\nBe kind.",
      "Write friendly release notes.\nBe kind.",
    );
    expect(parts.filter((part) => part.kind !== "same")).toEqual([
      { text: "short", kind: "removed" },
      { text: "friendly", kind: "added" },
    ]);
    expect(changedWords(parts)).toEqual({ added: 1, removed: 1 });
  });

  it("rebuilds both texts exactly, whatever they hold", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "é", "😀", "{{x}}", ".") });
    fc.assert(
      fc.property(text, text, (older, newer) => {
        const parts = wordDiff(older, newer);
        expect(rebuild(parts, "older")).toBe(older);
        expect(rebuild(parts, "newer")).toBe(newer);
      }),
    );
  });

  it("stays exact when two long texts differ everywhere", () => {
    const older = Array.from({ length: 20_000 }, (_, n) => `w${n}`).join(" ");
    const newer = Array.from({ length: 20_000 }, (_, n) => `v${n * 7}`).join(" ");
    const parts = wordDiff(older, newer);
    expect(rebuild(parts, "older")).toBe(older);
    expect(rebuild(parts, "newer")).toBe(newer);
  });
});

describe("folding what did not change", () => {
  const lines = (n: number, from = 1) =>
    Array.from({ length: n }, (_, i) => `line ${from + i}`).join("\n");

  it("keeps two lines next to each change and counts the rest", () => {
    expect(folded(lines(20), 1, 2)).toEqual({
      head: "line 1\nline 2\n",
      hidden: 16,
      tail: "\nline 19\nline 20",
    });
    // At the start of the text only the lines before the change are kept, at its end only after.
    expect(folded(lines(20), 0, 2)).toMatchObject({ head: "", hidden: 18 });
    expect(folded(lines(20), 2, 2)).toMatchObject({ hidden: 18, tail: "" });
  });

  it("shows short stretches and an unchanged text whole", () => {
    expect(folded(lines(6), 1, 2)).toBeNull();
    expect(folded(lines(200), 0, 0)).toBeNull();
  });

  it("loses no line: what is kept and what is counted make the whole stretch", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 2 }), (n, index) => {
        const text = lines(n);
        const fold = folded(text, index, 2);
        if (!fold) return;
        const kept = `${fold.head}${fold.tail}`.split("\n").filter(Boolean).length;
        expect(kept + fold.hidden).toBe(n);
      }),
    );
  });
});
