import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon.tsx";
import { copyText } from "./copy-text.ts";

const copiedForMs = 2000;

/**
 * Copies the text; the icon turns green for two seconds. The text may still have to be fetched
 * (a long prompt's whole text): the button shows it is busy meanwhile.
 */
export function CopyButton(props: {
  text: string | (() => Promise<string>);
  label: string;
  onCopied?: () => void;
  /** The key that presses it (on a focused card), told to screen readers. */
  keyShortcut?: string;
}) {
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), copiedForMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (busy) return;
    if (typeof props.text !== "string") setBusy(true);
    const done = await copyText(props.text);
    setBusy(false);
    if (!done) return;
    setCopied(true);
    props.onCopied?.();
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={props.label}
      aria-keyshortcuts={props.keyShortcut}
      aria-busy={busy || undefined}
      data-copied={copied || undefined}
      className="card-icon-button"
    >
      {busy ? (
        <Icon name="loader" className="h-4 w-4 animate-spin" />
      ) : copied ? (
        <Icon name="check" className="h-4 w-4" />
      ) : (
        <Icon name="copy" className="h-4 w-4" />
      )}
    </button>
  );
}
