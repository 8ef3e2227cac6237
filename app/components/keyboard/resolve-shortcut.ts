/** Keys pressed in turn, separated by spaces ("g d"); "mod+k" is Ctrl+K, or ⌘K on a Mac. */
export interface KeySequence {
  keys: string;
}

/**
 * The shortcut a key completes, given the keys pressed just before it: a sequence it ends
 * ("g" then "d"), else the key on its own. A key that starts a sequence waits for the next one.
 */
export function resolveShortcut<T extends KeySequence>(
  shortcuts: readonly T[],
  pending: readonly string[],
  key: string,
): { match: T | null; pending: string[] } {
  const tries = pending.length > 0 ? [[...pending, key], [key]] : [[key]];
  for (const keys of tries) {
    const sequence = keys.join(" ");
    const match = shortcuts.find((shortcut) => shortcut.keys === sequence);
    if (match) return { match, pending: [] };
    if (shortcuts.some((shortcut) => shortcut.keys.startsWith(`${sequence} `))) {
      return { match: null, pending: keys };
    }
  }
  return { match: null, pending: [] };
}

/**
 * What a key press is called in the shortcut list: the character typed ("?" with Shift held is
 * "?"), "mod+k" for Ctrl or ⌘ with K, and null for anything else held with Ctrl, ⌘ or Alt, and
 * for keys that type nothing (Shift alone, arrows, Escape), so they neither fire nor break a sequence.
 */
export function keyName(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">) {
  if (event.ctrlKey || event.metaKey || event.altKey) {
    return !event.altKey && event.key.toLowerCase() === "k" ? "mod+k" : null;
  }
  return event.key.length === 1 ? event.key : null;
}
