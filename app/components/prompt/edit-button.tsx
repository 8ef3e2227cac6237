import { controlKeys } from "~/components/keyboard/shortcut-keys.ts";
import { Icon } from "~/components/ui/icon.tsx";

/** A card's Edit, spinning while the whole text it edits is on its way. */
export function EditButton(props: { title: string; busy: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={`Edit ${props.title}`}
      aria-keyshortcuts={controlKeys.edit}
      aria-busy={props.busy || undefined}
      onClick={props.onClick}
      className="card-icon-button"
    >
      <Icon
        name={props.busy ? "loader" : "pencil"}
        className={props.busy ? "h-4 w-4 animate-spin" : "h-4 w-4"}
      />
    </button>
  );
}
