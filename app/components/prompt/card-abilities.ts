import type { Prompt } from "../../../shared/prompt.ts";
import { roleAtLeast, type TeamRole } from "../../../shared/teams.ts";

/**
 * What a person may do with a prompt from its card, besides what anyone who sees it may (copy,
 * open in an AI assistant, use as a template, star). A library page says which, by the rule of
 * its kind; the card shows the controls for them and nothing else decides.
 */
export interface CardAbilities {
  /** Edit its text and use case, and bring an earlier version back. */
  edit: boolean;
  delete: boolean;
  /** File it in one of the library's folders (by menu or by dragging) and tag it. */
  organise: boolean;
  /**
   * Its pin to the top of its library: set (one's own in one's library, a team's by its editors),
   * or only shown (a team's, to its other members); on any other page neither.
   */
  pin?: "set" | "show";
  /** Keep a copy of it in one's own library. */
  saveCopy: boolean;
  /** Add it to one of one's collections, which are public: shared prompts only. */
  collect: boolean;
  /**
   * A team prompt, on its team's library: its members who cannot edit it propose changes, its
   * editors decide on them. Nowhere else.
   */
  suggest?: "propose" | "decide";
  /** Share a team prompt with the community, or withdraw it: the team's editors. */
  share?: boolean;
  /**
   * Its test cases and kept runs (the workbench's Tests and Runs, the history's outcomes): read,
   * by a team's viewers, or also changed and run, by its owner and a team's editors. The server
   * decides the same (server/workbench/prompt-workbench-access.ts).
   */
  tests?: "read" | "change";
}

/**
 * On a person's own library and the community's: their own prompts are theirs to change (and,
 * where the page has their folders, to organise); an administrator may delete any; anyone
 * else's they may save a copy of.
 */
export function personalAbilities(
  prompt: Prompt,
  viewer: { isAdmin: boolean; organising: boolean },
): CardAbilities {
  return {
    edit: prompt.isOwn,
    delete: prompt.isOwn || viewer.isAdmin,
    organise: prompt.isOwn && viewer.organising,
    ...(prompt.isOwn && viewer.organising ? { pin: "set" as const } : {}),
    saveCopy: !prompt.isOwn,
    collect: prompt.isShared,
    ...(prompt.isOwn ? { tests: "change" as const } : {}),
  };
}

/**
 * On a team's library: its editors and owners change its prompts (and pin them, and order them),
 * and every member may keep a copy in their own library. Team prompts have no folders of their
 * own.
 */
export function teamAbilities(prompt: Prompt, role: TeamRole): CardAbilities {
  const edits = roleAtLeast(role, "editor");
  return {
    edit: edits,
    delete: edits,
    organise: false,
    pin: edits ? "set" : "show",
    saveCopy: true,
    collect: prompt.isShared,
    suggest: edits ? "decide" : "propose",
    share: edits,
    tests: edits ? "change" : "read",
  };
}
