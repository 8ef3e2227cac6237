import { Icon } from "~/components/ui/icon.tsx";
import { UpstreamDialog } from "~/components/versions/version-dialogs.tsx";
import type { Prompt } from "../../../shared/prompt.ts";

/** "Admin" under the title of a prompt an administrator wrote, where the card names creators. */
export function AdminBadge() {
  return (
    <span className="mt-1 flex w-fit items-center gap-1 rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-medium text-success-text">
      <Icon name="shield-check" className="h-3 w-3" /> Admin
    </span>
  );
}

/**
 * How a saved copy stands against its original: updated (opening the update to take or leave),
 * or removed. Nothing while it is current, or for a prompt that is no saved copy.
 */
export function UpstreamBadge(props: { prompt: Prompt; onChanged: (prompt: Prompt) => void }) {
  if (props.prompt.upstream === "updated") {
    return <UpstreamDialog prompt={props.prompt} onChanged={props.onChanged} />;
  }
  if (props.prompt.upstream === "removed") {
    return <span className="card-badge card-badge-muted">Original removed</span>;
  }
  return null;
}
