/** Debian's Chromium, or the binary CHROMIUM_PATH names. */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
