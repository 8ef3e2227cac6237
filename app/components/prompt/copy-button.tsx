import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon.tsx";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";

const copiedForMs = 2000;

/**
 * Copies the text; the icon turns green for two seconds. The text may still have to be fetched
 * (a long prompt's whole text): the button shows it is busy meanwhile.
 */
export function CopyButton(props: {
  text: string | (() => Promise<string>);
  label: string;
  onCopied?: () => void;
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
    try {
      if (typeof props.text === "string") {
        await navigator.clipboard.writeText(props.text);
      } else {
        setBusy(true);
        await writeWhenFetched(props.text());
      }
      setCopied(true);
      showNotice(messages.copied);
      props.onCopied?.();
    } catch {
      showNotice(messages.copyFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={props.label}
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

/**
 * Writes text that is still on its way. Safari lets a click write to the clipboard only while
 * the click is being handled, so where the browser takes a pending item it is handed over at
 * once and filled when the text arrives; elsewhere the text is written once it is here.
 */
async function writeWhenFetched(text: Promise<string>) {
  if (typeof ClipboardItem === "function" && typeof navigator.clipboard.write === "function") {
    const blob = text.then((value) => new Blob([value], { type: "text/plain" }));
    // A failed fetch is told by the write's failure; the pending item itself must not go unheard.
    blob.catch(() => {});
    await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
    return;
  }
  await navigator.clipboard.writeText(await text);
}
