import { Icon } from "~/components/ui/icon.tsx";
import type { Prompt } from "../../../shared/prompt.ts";
import { useSaveCopy } from "./use-save-copy.ts";

/**
 * "Save to my library" on a card. Once the person keeps a copy, it says so instead of offering
 * another.
 */
export function SaveButton(props: { prompt: Prompt }) {
  const { saving, saved, save } = useSaveCopy(props.prompt);
  if (saved) {
    return (
      <span className="inline-flex items-center gap-1 px-2 py-1 text-xs font-medium text-accent-text">
        <Icon name="bookmark-check" className="h-3.5 w-3.5" /> In your library
      </span>
    );
  }
  return (
    <button
      type="button"
      disabled={saving}
      onClick={() => void save()}
      className="card-text-button"
    >
      <Icon name="bookmark-plus" className="h-3.5 w-3.5" /> Save to my library
    </button>
  );
}
