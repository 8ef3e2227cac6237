import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changedWords, wordDiff } from "./word-diff.ts";

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
