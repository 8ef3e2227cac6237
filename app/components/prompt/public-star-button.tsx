import { useState } from "react";
import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { starLabel } from "~/components/organise/star-label.ts";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import type { Prompt } from "../../../shared/prompt.ts";

/**
 * The star on a public page's card, for someone signed in. The page cannot say whether they
 * starred it (it is the same for everyone), so the first press asks (with the prompt's own
 * read, which the card keeps for Copy and Show more) and then turns the star the other way.
 */
export function PublicStarButton(props: {
  prompt: Prompt;
  load: () => Promise<Prompt>;
  /** For someone not signed in: what the press does instead (the sign-in dialog). */
  signInFirst?: () => void;
}) {
  const [starred, setStarred] = useState<boolean | null>(null);
  const [count, setCount] = useState(props.prompt.starCount);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (props.signInFirst) return props.signInFirst();
    if (busy) return;
    setBusy(true);
    try {
      const known = starred ?? (await props.load()).isFavourite;
      const next = !known;
      await api(next ? "PUT" : "DELETE", `/api/v1/prompts/${props.prompt.id}/favourite`);
      setStarred(next);
      setCount((n) => Math.max(0, n + (next ? 1 : -1)));
    } catch (error) {
      showNotice(callFailureNotice(error, "update-favourite"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      aria-pressed={starred === true}
      aria-busy={busy || undefined}
      aria-haspopup={props.signInFirst ? "dialog" : undefined}
      aria-label={starLabel(starred === true, props.prompt.title, count)}
      onClick={() => void toggle()}
      className="star-button"
    >
      <Icon name="star" className="h-4 w-4" filled={Boolean(starred)} />
      <span className="text-xs tabular-nums">{count}</span>
    </button>
  );
}
