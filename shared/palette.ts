import type { Prompt } from "./prompt.ts";

/** Prompts the palette shows in each of its groups. */
export const paletteGroupSize = 5;

/**
 * The most of a person's matching prompts whose ids an answer carries, for the next search to
 * look only among them: at most a list's largest page (100), and short enough for an address.
 */
export const paletteMatchesKept = 100;

/**
 * The most prompts a person's teams may hold together for the palette to search them: a team's
 * search tests each of its rows (a timing of the shared index would tell about others'), about
 * 10 µs a row of real prompts: 5,000 added 42 to 56 ms to a search, 20,000 added 180 to 225 ms
 * (`bench/palette-teams.ts`). Past it, a team's page searches it.
 */
export const paletteTeamPrompts = 5_000;

/**
 * What `GET /api/v1/palette` answers: the best matches in the person's library, their teams' and
 * the community's.
 */
export interface PaletteAnswer {
  /** The person's own prompts that are not shared, best match first. */
  own: Prompt[];
  /**
   * Their teams' prompts not shared (a shared one is the community's group's), best match first;
   * none when `teamsSearched` is false.
   */
  teams: Prompt[];
  /** False when their teams hold more than `paletteTeamPrompts` together: not searched here. */
  teamsSearched: boolean;
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
export function paletteCountText(
  answer: Pick<PaletteAnswer, "own" | "teams" | "community" | "ownMatches">,
) {
  const shown = answer.own.length + answer.teams.length + answer.community.length;
  const prompts = shown === 1 ? "prompt" : "prompts";
  const full = [answer.own, answer.teams, answer.community].some(
    (group) => group.length >= paletteGroupSize,
  );
  if (!full) return `${shown} ${prompts} found`;
  const ownTotal =
    answer.ownMatches && answer.ownMatches.length > answer.own.length
      ? `; ${answer.ownMatches.length} of yours match`
      : "";
  return `First ${shown} ${prompts} shown${ownTotal}`;
}
