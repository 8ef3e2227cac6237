/** Debian's Chromium, or the binary CHROMIUM_PATH names: for Lighthouse and the social images. */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * What the browser tests drive: Debian's headless shell of the same Chromium (the headless mode
 * Playwright uses by default with its own browsers), or the binary CHROMIUM_PATH names. It
 * renders with the same Blink without the full browser around it: the browser suite took 21%
 * less time on it (decision 0020).
 */
export const headlessShellPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
