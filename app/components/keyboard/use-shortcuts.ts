import { useEffect, useRef } from "react";
import { somethingOpen, typingIn } from "./page-controls.ts";
import { keyName, resolveShortcut } from "./resolve-shortcut.ts";
import { type ShortcutActions, sequenceTimeoutMs, shortcuts } from "./shortcuts.ts";

/**
 * Listens for the shortcut list's keys on the whole page. None fires while the person types in
 * a field (except the palette's own Ctrl/⌘+K) or while a dialog or menu is open.
 */
export function useShortcuts(actions: ShortcutActions) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    let pending: string[] = [];
    let pendingAt = 0;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const key = keyName(event);
      if (key === null) return;
      const typing = typingIn(event.target);
      const waiting = event.timeStamp - pendingAt <= sequenceTimeoutMs ? pending : [];
      const { match, pending: next } = resolveShortcut(shortcuts, waiting, key);
      if (match?.whileTyping) {
        pending = [];
        event.preventDefault();
        match.run(latest.current);
        return;
      }
      if (typing || somethingOpen()) {
        pending = [];
        return;
      }
      pending = next;
      pendingAt = event.timeStamp;
      if (!match && next.length === 0) return;
      // The key is taken: "/" must not also be typed into the search box it focuses.
      event.preventDefault();
      match?.run(latest.current);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
