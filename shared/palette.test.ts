import { describe, expect, it } from "vitest";
import { type PaletteAnswer, paletteCountText } from "./palette.ts";
import type { Prompt } from "./prompt.ts";

const prompts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}` }) as unknown as Prompt);
const answer = (own: number, community: number, ownMatches: number | null): PaletteAnswer => ({
  own: prompts(own),
  teams: [],
  teamsSearched: true,
  community: prompts(community),
  ownMatches: ownMatches === null ? null : prompts(ownMatches).map((prompt) => prompt.id),
});

describe("the palette's count", () => {
  it("says what it found when it shows all of it", () => {
    expect(paletteCountText(answer(2, 1, 2))).toBe("3 prompts found");
    expect(paletteCountText(answer(1, 0, 1))).toBe("1 prompt found");
  });

  it("never calls its limit what it found (issue 42: '10 prompts found')", () => {
    expect(paletteCountText(answer(5, 5, null))).toBe("First 10 prompts shown");
    expect(paletteCountText(answer(5, 2, 40))).toBe("First 7 prompts shown; 40 of yours match");
    expect(paletteCountText(answer(5, 5, 5))).toBe("First 10 prompts shown");
  });
});
