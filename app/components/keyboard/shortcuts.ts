import { moveCardFocus, pressCardControl, pressPageControl } from "./page-controls.ts";
import type { KeySequence } from "./resolve-shortcut.ts";
import { controlKeys } from "./shortcut-keys.ts";

/** What shortcuts do beyond pressing the page's own controls. */
export interface ShortcutActions {
  togglePalette: () => void;
  showShortcuts: () => void;
  newPrompt: () => void;
  go: (path: string) => void;
}

export interface Shortcut extends KeySequence {
  section: "Anywhere" | "Go to" | "Prompt cards";
  description: string;
  /** Fires while typing in a field too (the palette's own key); every other one never does. */
  whileTyping?: true;
  run: (actions: ShortcutActions) => void;
}

/**
 * Every keyboard shortcut, once: the key handler and the "?" dialog both read this list, so
 * what the dialog lists is what the keys do.
 */
export const shortcuts: readonly Shortcut[] = [
  {
    keys: "mod+k",
    section: "Anywhere",
    description: "Open or close the command palette",
    whileTyping: true,
    run: (actions) => actions.togglePalette(),
  },
  {
    keys: controlKeys.search,
    section: "Anywhere",
    description: "Search this page's prompts (the palette where the page has no search box)",
    run: (actions) => {
      if (!pressPageControl(controlKeys.search)) actions.togglePalette();
    },
  },
  {
    keys: controlKeys.newPrompt,
    section: "Anywhere",
    description: "New prompt (on a community page, share one)",
    run: (actions) => actions.newPrompt(),
  },
  {
    keys: "?",
    section: "Anywhere",
    description: "Show these shortcuts",
    run: (actions) => actions.showShortcuts(),
  },
  {
    keys: "g d",
    section: "Go to",
    description: "Your dashboard",
    run: (actions) => actions.go("/dashboard"),
  },
  {
    keys: "g c",
    section: "Go to",
    description: "Central, the community library",
    run: (actions) => actions.go("/central"),
  },
  {
    keys: "g f",
    section: "Go to",
    description: "Your favourites",
    run: (actions) => actions.go("/favourites"),
  },
  {
    keys: "j",
    section: "Prompt cards",
    description: "Focus the next card",
    run: () => moveCardFocus(1),
  },
  {
    keys: "k",
    section: "Prompt cards",
    description: "Focus the previous card",
    run: () => moveCardFocus(-1),
  },
  {
    keys: controlKeys.copy,
    section: "Prompt cards",
    description: "Copy the focused card's prompt",
    run: () => pressCardControl(controlKeys.copy),
  },
  {
    keys: controlKeys.edit,
    section: "Prompt cards",
    description: "Edit the focused card's prompt, if it is yours",
    run: () => pressCardControl(controlKeys.edit),
  },
  {
    keys: controlKeys.star,
    section: "Prompt cards",
    description: "Star or unstar the focused card's prompt",
    run: () => pressCardControl(controlKeys.star),
  },
];

/** How long the second key of a sequence ("g" then "d") may wait. */
export const sequenceTimeoutMs = 1000;
