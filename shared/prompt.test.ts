import { describe, expect, it } from "vitest";
import { titleAndCategory, truncateUseCase, useCaseMaxLength } from "./prompt.ts";

describe("a use case over 35 characters", () => {
  it("is cut to 35, then loses the spaces the cut left at its end", () => {
    const useCase = `${"a".repeat(30)}     and more words after the cut`;
    expect(useCase.slice(0, useCaseMaxLength)).toMatch(/ $/);
    expect(truncateUseCase(useCase)).toBe("a".repeat(30));
    expect(titleAndCategory(useCase)).toEqual({ title: "a".repeat(30), category: "a".repeat(30) });
  });

  it("is cut at exactly 35 when the cut falls between words", () => {
    expect(truncateUseCase("Summarise a long research paper for busy readers")).toBe(
      "Summarise a long research paper for",
    );
  });

  it("is cut at the last word break rather than in the middle of a word", () => {
    expect(truncateUseCase("Fill in the Blank Worksheets Generator")).toBe(
      "Fill in the Blank Worksheets",
    );
    expect(truncateUseCase("Python Code Generator — Clean, Optimized & Production-Ready")).toBe(
      "Python Code Generator — Clean",
    );
  });

  it("is cut mid-word only when the first word alone is longer than the break allows", () => {
    expect(truncateUseCase(`Hi ${"x".repeat(40)}`)).toBe(`Hi ${"x".repeat(32)}`);
  });

  it("never ends in half of a surrogate pair", () => {
    expect(truncateUseCase(`${"a".repeat(34)}🙂🙂`)).toBe("a".repeat(34));
  });
});

it("a use case of 35 characters or fewer stays exactly as typed", () => {
  expect(truncateUseCase("Tone check ")).toBe("Tone check ");
});
