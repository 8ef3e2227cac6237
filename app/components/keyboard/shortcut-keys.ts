/**
 * The shortcuts that press a control on the page. The control names its key in
 * `aria-keyshortcuts`, which tells screen readers the shortcut and is how the shortcut finds it:
 * the page's search box and Add button, and a focused card's Copy, Edit and Star.
 */
export const controlKeys = {
  search: "/",
  newPrompt: "n",
  copy: "c",
  edit: "e",
  star: "s",
} as const;
