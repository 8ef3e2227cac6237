import type { Prompt } from "./prompt.ts";

/** Prompts the palette shows in each of its two groups. */
export const paletteGroupSize = 5;

/**
 * The most of a person's matching prompts whose ids an answer carries, for the next search to
 * look only among them: at most a list's largest page (100), and short enough for an address.
 */
export const paletteMatchesKept = 100;

/** What `GET /api/v1/palette` answers: the best matches in the person's library and the community's. */
export interface PaletteAnswer {
  /** The person's own prompts that are not shared, best match first. */
  own: Prompt[];
  /** Shared prompts, the person's among them, best match first. */
  community: Prompt[];
  /**
   * Every own prompt that matches, when there are at most `paletteMatchesKept`: a longer term
   * that holds this one can only match among them (`within`); null when there are more.
   */
  ownMatches: string[] | null;
}

/**
 * How many prompts the palette shows, said truthfully: a full group means more may match than it
 * shows, so it says "first N shown" (with the person's own count when the answer knows it), never
 * "N found" for what is only its limit.
 */
export function paletteCountText(answer: Pick<PaletteAnswer, "own" | "community" | "ownMatches">) {
  const shown = answer.own.length + answer.community.length;
  const prompts = shown === 1 ? "prompt" : "prompts";
  const full = answer.own.length >= paletteGroupSize || answer.community.length >= paletteGroupSize;
  if (!full) return `${shown} ${prompts} found`;
  const ownTotal =
    answer.ownMatches && answer.ownMatches.length > answer.own.length
      ? `; ${answer.ownMatches.length} of yours match`
      : "";
  return `First ${shown} ${prompts} shown${ownTotal}`;
}
