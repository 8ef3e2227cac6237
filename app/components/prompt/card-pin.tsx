import { useState } from "react";
import { useLibrary } from "~/components/organise/library-context.tsx";
import { api } from "~/lib/api-client.ts";
import type { Prompt } from "../../../shared/prompt.ts";

/**
 * Pin to the top of one's library and folder, or unpin: a toggle on the owner's own cards. The
 * list is read again, so the card moves to (or from) the top.
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
