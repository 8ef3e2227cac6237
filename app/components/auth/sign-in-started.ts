/**
 * Whether this tab set off to sign in from our own sign-in card: the provider's redirect back
 * loses the page, so the mark waits in this tab's session storage until the flash notice the
 * server sends back says how it went.
 */
const storageKey = "promptshelf:sign-in-started";

export function markSignInStarted() {
  try {
    sessionStorage.setItem(storageKey, "1");
  } catch {
    // Storage refused (a private window's quota): the session's own welcome still shows.
  }
}

/** Whether a sign-in this tab started is what just came back; forgets it either way. */
export function takeSignInStarted() {
  try {
    const started = sessionStorage.getItem(storageKey) !== null;
    sessionStorage.removeItem(storageKey);
    return started;
  } catch {
    return false;
  }
}
