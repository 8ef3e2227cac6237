import { useEffect, useId, useRef, useState } from "react";
import { copyText } from "~/components/prompt/copy-text.ts";
import { LocalDate } from "~/components/prompt/local-date.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import type { CreatedInvitation } from "../../../shared/teams.ts";
import { aRole } from "./team-text.ts";

const copiedForMs = 2000;

/**
 * The invitation link just made, shown this once: the server keeps only its hash. Focus lands on
 * it, all selected, so it can be copied at once from the keyboard too.
 */
export function NewInvitationNotice(props: { invitation: CreatedInvitation; onDone: () => void }) {
  const ids = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), copiedForMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="rounded-xl bg-success-soft p-4 ring-1 ring-success-line sm:p-5"
    >
      <h3 id={`${ids}-heading`} className="font-semibold text-fg">
        Invitation link made
      </h3>
      <p className="mt-1 text-sm text-fg-soft">
        Whoever opens it joins as {aRole(props.invitation.role)}, until{" "}
        <LocalDate value={props.invitation.expiresAt} />. Send it to the people you invite.
      </p>
      <p className="mt-1 flex items-start gap-2 text-sm font-medium text-warning-text">
        <Icon name="shield-check" className="mt-0.5 h-4 w-4 shrink-0" />
        Copy it now: you won't be able to see it again.
      </p>
      <label htmlFor={`${ids}-link`} className="mt-3 block text-sm font-medium text-fg">
        Invitation link
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          ref={field}
          id={`${ids}-link`}
          readOnly
          rows={1}
          value={props.invitation.url}
          spellCheck={false}
          className="block w-full min-w-0 resize-none rounded-lg border-0 bg-surface px-3 py-2 font-mono text-sm break-all text-fg ring-1 ring-line-strong ring-inset [field-sizing:content] focus:ring-2 focus:ring-focus focus:ring-inset"
        />
        <Button
          variant="secondary"
          className="shrink-0 self-start"
          onClick={async () => {
            if (await copyText(props.invitation.url)) setCopied(true);
          }}
        >
          <Icon name={copied ? "check" : "copy"} className="h-4 w-4" />
          {copied ? "Copied" : "Copy link"}
        </Button>
      </div>
      <Button variant="secondary" className="mt-4" onClick={props.onDone}>
        Done, I've copied it
      </Button>
    </section>
  );
}
