import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutAtWord, plainText, previewOf } from "./markdown-preview.ts";
import { previewLength } from "./prompt.ts";

const agentRole = `# Shell Script Specialist

You are a senior shell scripting expert and specialist in POSIX-compliant automation.

## Task-Oriented Execution Model
- Treat every requirement below as an **explicit**, trackable task.
1. Assign each task a stable ID (e.g., \`TASK-1.1\`) and see [the guide](https://example.com).`;

describe("plainText", () => {
  it("drops Markdown markers and keeps the words", () => {
    expect(plainText(agentRole)).toBe(
      "Shell Script Specialist — You are a senior shell scripting expert and specialist in " +
        "POSIX-compliant automation. Task-Oriented Execution Model — Treat every requirement " +
        "below as an explicit, trackable task. Assign each task a stable ID (e.g., TASK-1.1) " +
        "and see the guide.",
    );
  });

  it("leaves words with underscores and lone asterisks alone", () => {
    expect(plainText("Use snake_case and 2 * 3 = 6")).toBe("Use snake_case and 2 * 3 = 6");
  });
});

describe("cutAtWord", () => {
  it("cuts at the end of a word, with an ellipsis", () => {
    expect(cutAtWord("Write a quick programming exercise", 20)).toBe("Write a quick…");
    expect(cutAtWord("Short enough", 20)).toBe("Short enough");
  });

  it("never leaves part of a word or of an emoji", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z🙂]{1,12}$/u), { maxLength: 40 }), (words) => {
        const text = words.join(" ");
        const cut = cutAtWord(text, 60);
        if (cut === text) return;
        expect(Array.from(cut).length).toBeLessThanOrEqual(61);
        const kept = cut.slice(0, -1).split(" ");
        expect(kept.every((word, index) => word === words[index])).toBe(true);
      }),
    );
  });
});

describe("previewOf", () => {
  const long = `${"Plan each step in plain words. ".repeat(10)}Then write it in Python, tested.`;

  it("shows the start when it holds the term, or the words around the match", () => {
    expect(previewOf({ promptText: long }, "plan", 150)).toMatch(/^Plan each step/);
    const around = previewOf({ promptText: long }, "python", 150);
    expect(around).toMatch(/^….*Then write it in Python, tested\.$/);
  });

  it("uses the list's text around a match past its excerpt", () => {
    const prompt = {
      promptText: "# Intro\n\nNothing here",
      matchExcerpt: "…step by **step** in Rust",
    };
    expect(previewOf(prompt, "rust", 150)).toBe("…step by step in Rust");
  });

  it("gives every real prompt a preview without markers, cut at a word", () => {
    const file = readFileSync(new URL("../seed/prompts.csv", import.meta.url), "utf8");
    const rows = parse(file, { columns: true }) as { prompt: string }[];
    expect(rows.length).toBeGreaterThan(1500);
    for (const { prompt } of rows) {
      const preview = previewOf({ promptText: prompt.slice(0, 300) }, "", previewLength);
      expect(preview).not.toMatch(/\*\*\S/);
      // No line's heading mark, bullet or number is left in front of its words.
      for (const line of prompt.slice(0, 300).split("\n")) {
        const item = /^\s*(#{1,6}|[-*+]|\d{1,3}[.)])\s+(\S+)/.exec(line);
        if (item) expect(preview).not.toContain(`${item[1]} ${item[2]}`);
      }
      expect(Array.from(preview).length).toBeLessThanOrEqual(previewLength + 1);
      if (preview.endsWith("…")) {
        const kept = preview.slice(0, -1);
        const plain = plainText(prompt.slice(0, 300));
        expect(plain.startsWith(kept), preview).toBe(true);
        const next = plain[kept.length];
        // Only a word longer than half the preview is cut inside.
        const longWord = !/\s/.test(kept.slice(-previewLength / 2));
        expect(next === undefined || /[\s,;:.—-]/.test(next) || longWord, preview).toBe(true);
      }
    }
  });
});
