/**
 * An action a visitor asked for on a prompt's page before signing in ("Save to my library", "Use
 * template"), done once they are back. The return address names it (`?do=save`); this tab's
 * session storage holds the same, set by the click, so a link made elsewhere carrying `?do=save`
 * does nothing by itself.
 */
export const afterSignInActions = ["save", "template"] as const;
export type AfterSignInAction = (typeof afterSignInActions)[number];

const storageKey = "promptshelf:after-sign-in";

/** Remembers the action and gives the address to come back to. */
export function rememberAction(promptId: string, action: AfterSignInAction, pathname: string) {
  try {
    sessionStorage.setItem(storageKey, `${promptId} ${action}`);
  } catch {
    // Storage refused (a private window's quota): the person presses the button again.
  }
  return `${pathname}?do=${action}`;
}

/**
 * The action asked for in the address, if this tab asked for it on this prompt; forgets it,
 * so it is done once.
 */
export function takeAction(promptId: string, search: string): AfterSignInAction | null {
  const asked = new URLSearchParams(search).get("do");
  let remembered: string | null = null;
  try {
    remembered = sessionStorage.getItem(storageKey);
    sessionStorage.removeItem(storageKey);
  } catch {
    return null;
  }
  const action = afterSignInActions.find((known) => known === asked);
  return action && remembered === `${promptId} ${action}` ? action : null;
}
