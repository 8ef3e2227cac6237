/** Light, dark, or whatever the system says. Kept in this browser, so public pages stay cacheable. */
export const themeChoices = ["light", "dark", "system"] as const;
export type ThemeChoice = (typeof themeChoices)[number];

const storageKey = "promptshelf-theme";

/**
 * Runs in <head> before the first paint: a remembered light or dark sets data-theme on <html>;
 * without one, the stylesheet follows the system. Kept tiny and dependency-free, as it is inlined.
 */
export const themeScript = `try{var t=localStorage.getItem("${storageKey}");if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(storageKey);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

const listeners = new Set<() => void>();

/** Calls back whenever the choice changes on this page (the switcher and the palette both change it). */
export function subscribeThemeChoice(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function applyThemeChoice(choice: ThemeChoice) {
  const root = document.documentElement;
  if (choice === "system") delete root.dataset.theme;
  else root.dataset.theme = choice;
  try {
    if (choice === "system") localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, choice);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  for (const listener of listeners) listener();
}
