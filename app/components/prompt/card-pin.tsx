import { useState } from "react";
import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { useLibrary } from "~/components/organise/library-context.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import type { Prompt } from "../../../shared/prompt.ts";

/**
 * Pin to the top of one's library and folder, or unpin: a toggle on the owner's own cards (and a
 * team's editors' on the team's). The list is read again, so the card moves to (or from) the top;
 * a refusal (the most pins reached) says why.
 */
export function CardPin(props: { prompt: Prompt }) {
  const { prompt } = props;
  const { refresh } = useLibrary();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await api("PUT", `/api/v1/prompts/${prompt.id}/pin`, { pinned: !prompt.pinned });
      refresh();
    } catch (error) {
      showNotice(callFailureNotice(error, "pin-prompt"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      aria-pressed={prompt.pinned}
      aria-label={`Pin ${prompt.title} to the top`}
      disabled={busy}
      onClick={() => void toggle()}
      className="card-text-button aria-pressed:font-semibold aria-pressed:text-accent-text"
    >
      {prompt.pinned ? "Pinned" : "Pin"}
    </button>
  );
}

/** A pinned prompt, on the card of someone who reads a team's pins but does not set them. */
export function PinnedBadge() {
  return (
    <span className="inline-flex items-center px-2 py-1 text-xs font-semibold text-accent-text">
      Pinned
    </span>
  );
}
