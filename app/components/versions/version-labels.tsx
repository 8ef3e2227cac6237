import { useId, useState } from "react";
import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { labelPattern } from "../../../shared/labels.ts";
import { messages } from "../../../shared/messages.ts";

/** Names offered first: what teams pin their apps to. */
const commonLabels = ["production", "staging"];

/**
 * A version's labels in the history: each a chip, which whoever may edit the prompt takes off;
 * they also put a label on the version (moving it here if it was on another), by one request.
 */
export function VersionLabels(props: {
  promptId: string;
  version: number;
  labels: string[];
  /** Every label the prompt has, offered as the names to move. */
  allLabels: string[];
  canChange: boolean;
  onChanged: () => Promise<void>;
}) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const valid = labelPattern.test(name);

  async function call(run: () => Promise<unknown>, done: () => void) {
    setBusy(true);
    try {
      await run();
      await props.onChanged();
      done();
    } catch (error) {
      showNotice(callFailureNotice(error, "label-version"));
    } finally {
      setBusy(false);
    }
  }
  const put = () =>
    call(
      () =>
        api("PUT", `/api/v1/prompts/${props.promptId}/labels/${name}`, { version: props.version }),
      () => {
        showNotice(messages.labelMoved(name, props.version));
        setAdding(false);
        setName("");
      },
    );
  const remove = (label: string) =>
    call(
      () => api("DELETE", `/api/v1/prompts/${props.promptId}/labels/${label}`),
      () => showNotice(messages.labelRemoved(label)),
    );

  const offered = [...new Set([...commonLabels, ...props.allLabels])].filter(
    (label) => !props.labels.includes(label),
  );
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5">
      {props.labels.map((label) => (
        <span
          key={label}
          className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-text"
        >
          {label}
          {props.canChange ? (
            <button
              type="button"
              aria-label={`Remove the label ${label}`}
              disabled={busy}
              onClick={() => void remove(label)}
              className="rounded-full hover:text-fg"
            >
              <Icon name="x" className="h-3 w-3" />
            </button>
          ) : null}
        </span>
      ))}
      {props.canChange && !adding ? (
        <button
          type="button"
          onClick={() => setAdding(true)}
          aria-label={`Label version ${props.version}`}
          className="rounded-full px-2 py-0.5 text-xs text-muted ring-1 ring-line hover:text-fg"
        >
          + Label
        </button>
      ) : null}
      {adding ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) void put();
          }}
        >
          <label htmlFor={`${ids}-name`} className="sr-only">
            Label for version {props.version}
          </label>
          <input
            id={`${ids}-name`}
            list={`${ids}-names`}
            value={name}
            onChange={(event) => setName(event.target.value.toLowerCase())}
            maxLength={32}
            placeholder="production"
            aria-describedby={`${ids}-hint`}
            aria-invalid={name !== "" && !valid}
            // biome-ignore lint/a11y/noAutofocus: the field is what the person just asked for.
            autoFocus
            className="w-36 rounded-md border-0 bg-surface px-2 py-1 text-xs text-fg ring-1 ring-line-strong focus:ring-2 focus:ring-focus"
          />
          <datalist id={`${ids}-names`}>
            {offered.map((label) => (
              <option key={label} value={label} />
            ))}
          </datalist>
          <Button size="sm" type="submit" disabled={!valid || busy}>
            Put here
          </Button>
          <Button size="sm" variant="ghost" type="button" onClick={() => setAdding(false)}>
            Cancel
          </Button>
          <span id={`${ids}-hint`} className="w-full text-xs text-muted">
            Letters a–z, digits and dashes, up to 32. A label on another version moves here.
          </span>
        </form>
      ) : null}
    </div>
  );
}
