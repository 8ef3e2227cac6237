import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { messages } from "~/lib/messages.ts";
import { showNotice } from "~/lib/notify.ts";

const copiedForMs = 2000;

/** Copies the text; the icon turns green for two seconds. */
export function CopyButton(props: { text: string; label: string; onCopied?: () => void }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), copiedForMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(props.text);
      setCopied(true);
      showNotice(messages.copied);
      props.onCopied?.();
    } catch {
      showNotice(messages.copyFailed);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={props.label}
      data-copied={copied || undefined}
      className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 data-[copied]:text-emerald-600"
    >
      {copied ? (
        <Check className="h-4 w-4" aria-hidden="true" />
      ) : (
        <Copy className="h-4 w-4" aria-hidden="true" />
      )}
    </button>
  );
}
