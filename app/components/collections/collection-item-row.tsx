import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { type CollectionItem, itemNoteMaxLength } from "../../../shared/collection.ts";

/** One prompt in a collection being managed: its note, and moving or removing it. */
export function CollectionItemRow(props: {
  item: CollectionItem;
  index: number;
  count: number;
  busy: boolean;
  onMove: (position: number) => void;
  onNote: (note: string) => void;
  onRemove: () => void;
}) {
  const { item, index } = props;
  const id = useId();
  const [note, setNote] = useState(item.note);
  const title = item.prompt.title;
  return (
    <li className="rounded-xl bg-surface p-4 shadow-sm ring-1 ring-line">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold wrap-anywhere text-fg">
          <span className="mr-2 text-muted">{index + 1}.</span>
          <Link to={item.path} className="text-accent-text hover:underline">
            {title}
          </Link>
        </h3>
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Move ${title} up`}
            disabled={props.busy || index === 0}
            onClick={() => props.onMove(index - 1)}
          >
            ↑ Up
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Move ${title} down`}
            disabled={props.busy || index === props.count - 1}
            onClick={() => props.onMove(index + 1)}
          >
            ↓ Down
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${title} from the collection`}
            disabled={props.busy}
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
          props.onNote(note);
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
        <Button type="submit" variant="secondary" disabled={props.busy || note === item.note}>
          Save note
        </Button>
      </form>
    </li>
  );
}
