import { useState } from "react";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import { callFailureNotice } from "./call-failure.ts";
import { useLibrary } from "./library-context.tsx";
import { starLabel } from "./star-label.ts";

/** Stars or unstars at once, and puts it back if the server says no. Shows the star count. */
export function StarButton(props: {
  prompt: Prompt;
  /** The key that presses it (on a focused card), told to screen readers. */
  keyShortcut?: string;
}) {
  const { refresh } = useLibrary();
  const [starred, setStarred] = useState(props.prompt.isFavourite);
  const [count, setCount] = useState(props.prompt.starCount);
  const [seen, setSeen] = useState(props.prompt);
  if (seen !== props.prompt) {
    setSeen(props.prompt);
    setStarred(props.prompt.isFavourite);
    setCount(props.prompt.starCount);
  }

  async function toggle() {
    const next = !starred;
    setStarred(next);
    setCount((n) => n + (next ? 1 : -1));
    try {
      await api(next ? "PUT" : "DELETE", `/api/v1/prompts/${props.prompt.id}/favourite`);
      refresh();
    } catch (error) {
      setStarred(!next);
      setCount((n) => n + (next ? -1 : 1));
      showNotice(callFailureNotice(error, "update-favourite"));
    }
  }

  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={starLabel(starred, props.prompt.title, props.prompt.isShared ? count : undefined)}
      aria-keyshortcuts={props.keyShortcut}
      onClick={() => void toggle()}
      className="star-button"
    >
      <Icon name="star" className="h-4 w-4" filled={starred} />
      {props.prompt.isShared ? <span className="text-xs tabular-nums">{count}</span> : null}
    </button>
  );
}
