import { describe, expect, it } from "vitest";
import { titleAndCategory, truncateUseCase, useCaseMaxLength } from "./prompt.ts";

describe("a use case over 35 characters", () => {
  it("is cut to 35, then loses the spaces the cut left at its end", () => {
    const useCase = `${"a".repeat(30)}     and more words after the cut`;
    expect(useCase.slice(0, useCaseMaxLength)).toMatch(/ $/);
    expect(truncateUseCase(useCase)).toBe("a".repeat(30));
    expect(titleAndCategory(useCase)).toEqual({ title: "a".repeat(30), category: "a".repeat(30) });
  });

  it("is cut at exactly 35 when no space ends the cut", () => {
    expect(truncateUseCase("Summarise a long research paper for busy readers")).toBe(
      "Summarise a long research paper for",
    );
  });

  it("never ends in half of a surrogate pair", () => {
    expect(truncateUseCase(`${"a".repeat(34)}🙂🙂`)).toBe("a".repeat(34));
  });
});

it("a use case of 35 characters or fewer stays exactly as typed", () => {
  expect(truncateUseCase("Tone check ")).toBe("Tone check ");
});
