import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { type CollectionItem, itemNoteMaxLength } from "../../../shared/collection.ts";

/**
 * One prompt in a collection being managed: its note, and moving or removing it. Its buttons
 * stay enabled while a change is on its way (a disabled button would drop the keyboard's
 * focus); the editor ignores a second press until the first is done.
 */
export function CollectionItemRow(props: {
  item: CollectionItem;
  index: number;
  count: number;
  onMove: (position: number) => void;
  onNote: (note: string) => void;
  onRemove: () => void;
}) {
  const { item, index } = props;
  const id = useId();
  const [note, setNote] = useState(item.note);
  useEffect(() => setNote(item.note), [item.note]);
  const title = item.prompt.title;
  const move = (to: number, label: string, text: string, data: string) => (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`${label} ${title}`}
      data-move={data}
      aria-disabled={to < 0 || to >= props.count || undefined}
      onClick={() => {
        if (to >= 0 && to < props.count) props.onMove(to);
      }}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
    >
      {text}
    </Button>
  );
  return (
    <li className="rounded-xl bg-surface p-4 shadow-sm ring-1 ring-line">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 className="min-w-0 font-semibold wrap-anywhere text-fg">
          <span className="mr-2 text-muted">{index + 1}.</span>
          <Link to={item.path} className="text-accent-text hover:underline">
            {title}
          </Link>
        </h4>
        <div className="flex flex-wrap gap-1">
          {move(index - 1, "Move up:", "↑ Up", `${item.prompt.id}-up`)}
          {move(index + 1, "Move down:", "↓ Down", `${item.prompt.id}-down`)}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${title} from the collection`}
            onClick={props.onRemove}
          >
            Remove
          </Button>
        </div>
      </div>
      <form
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (note.trim() !== item.note) props.onNote(note);
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-note`} className="text-sm font-medium text-fg">
            Note on {title}
          </label>
          <input
            id={`${id}-note`}
            value={note}
            maxLength={itemNoteMaxLength}
            onChange={(event) => setNote(event.target.value)}
            className={fieldClass}
          />
        </div>
        <Button type="submit" variant="secondary" aria-label={`Save note on ${title}`}>
          Save note
        </Button>
      </form>
    </li>
  );
}
