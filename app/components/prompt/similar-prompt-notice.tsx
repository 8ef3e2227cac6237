import { Link } from "react-router";
import { Icon } from "~/components/ui/icon.tsx";
import type { SimilarPrompt } from "../../../shared/similar-prompt.ts";

/**
 * Says a prompt just saved is much like one already in the person's library, with a link to it.
 * It stays until dismissed (a toast would be gone before the link could be followed); the save
 * itself is done.
 */
export function SimilarPromptNotice(props: { similar: SimilarPrompt; onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-xl bg-accent-soft p-4 text-sm text-fg ring-1 ring-line"
    >
      <Icon name="copy" className="mt-0.5 h-5 w-5 shrink-0 text-accent-text" />
      <p className="min-w-0 flex-1">
        Similar to{" "}
        <Link to={props.similar.href} className="font-medium text-accent-text underline">
          “{props.similar.title}”
        </Link>{" "}
        in your library.
      </p>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={props.onDismiss}
        className="shrink-0 rounded-md p-1 text-muted hover:bg-subtle hover:text-fg"
      >
        <Icon name="x" className="h-4 w-4" />
      </button>
    </div>
  );
}
