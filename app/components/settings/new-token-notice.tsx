import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";

const copiedForMs = 2000;

/**
 * The token just made, shown this once: the server keeps only its hash. Focus lands on it, all
 * selected, so it can be copied at once from the keyboard too.
 */
export function NewTokenNotice(props: {
  name: string;
  token: string;
  origin: string;
  onDone: () => void;
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  // One line with a space after each comma and colon: short, and it wraps between its parts.
  const config = JSON.stringify(
    {
      mcpServers: {
        promptshelf: {
          url: `${props.origin}/mcp`,
          headers: { Authorization: `Bearer ${props.token}` },
        },
      },
    },
    null,
    1,
  ).replace(/\n */g, " ");

  return (
    <section
      aria-labelledby="new-token-heading"
      className="rounded-xl bg-success-soft p-4 ring-1 ring-success-line sm:p-5"
    >
      <h3 id="new-token-heading" className="font-semibold break-words text-fg">
        Token "{props.name}" created
      </h3>
      <p className="mt-1 flex items-start gap-2 text-sm font-medium text-warning-text">
        <Icon name="shield-check" className="mt-0.5 h-4 w-4 shrink-0" />
        Copy it now: you won't be able to see it again.
      </p>
      <label htmlFor="new-token-value" className="mt-3 block text-sm font-medium text-fg">
        Your new token
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          ref={field}
          id="new-token-value"
          readOnly
          rows={1}
          value={props.token}
          spellCheck={false}
          className="block w-full min-w-0 resize-none rounded-lg border-0 bg-surface px-3 py-2 font-mono text-sm break-all text-fg ring-1 ring-line-strong ring-inset [field-sizing:content] focus:ring-2 focus:ring-focus focus:ring-inset"
        />
        <CopyTextButton text={props.token} label="Copy token" />
      </div>
      <figure className="mt-4">
        <figcaption className="text-sm text-fg-soft">
          <span className="block font-medium text-fg">MCP client configuration</span>
          Paste it into your AI client's MCP settings (Claude Desktop, Cursor and others).
        </figcaption>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-start">
          <pre className="min-w-0 flex-1 rounded-lg bg-surface px-3 py-2 font-mono text-sm whitespace-pre-wrap wrap-anywhere text-fg ring-1 ring-line-strong">
            <code>{config}</code>
          </pre>
          <CopyTextButton text={config} label="Copy configuration" />
        </div>
      </figure>
      <Button variant="secondary" className="mt-4" onClick={props.onDone}>
        Done, I've copied it
      </Button>
    </section>
  );
}

/** A labelled Copy button: "Copied" for two seconds after, and the usual notice. */
function CopyTextButton(props: { text: string; label: string }) {
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
    } catch {
      showNotice(messages.copyFailed);
    }
  }

  return (
    <Button variant="secondary" className="shrink-0 self-start" onClick={() => void copy()}>
      <Icon name={copied ? "check" : "copy"} className="h-4 w-4" />
      {copied ? "Copied" : props.label}
    </Button>
  );
}
