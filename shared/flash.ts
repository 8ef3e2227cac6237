import type { Notice } from "./messages.ts";

/**
 * A notice that survives a redirect. It travels in a short-lived cookie the page reads and
 * deletes with JavaScript, so the pages themselves stay the same for everyone and can be cached.
 */
const cookieName = "ps_flash";

export interface Flash extends Notice {
  /** Tells other open tabs to re-check who is signed in. */
  sessionChanged?: boolean;
}

export function flashCookie(flash: Flash, secure: boolean) {
  const value = encodeURIComponent(JSON.stringify(flash));
  return `${cookieName}=${value}; Path=/; Max-Age=60; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Reads and deletes the flash cookie (browser only). */
export function takeFlash(): Flash | null {
  const entry = document.cookie.split("; ").find((part) => part.startsWith(`${cookieName}=`));
  if (!entry) return null;
  // biome-ignore lint/suspicious/noDocumentCookie: the flash cookie is meant to be read and cleared by script.
  document.cookie = `${cookieName}=; Path=/; Max-Age=0; SameSite=Lax`;
  try {
    const parsed = JSON.parse(decodeURIComponent(entry.slice(cookieName.length + 1))) as Flash;
    if (typeof parsed.title !== "string") return null;
    return { ...parsed, kind: parsed.kind === "success" ? "success" : "error" };
  } catch {
    return null;
  }
}
