import { useId, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import {
  collectionDescriptionMaxLength,
  collectionTitleMaxLength,
} from "../../../shared/collection.ts";

export interface CollectionFields {
  title: string;
  description: string;
  isPublic: boolean;
}

/** A collection's title, description and visibility: for a new one and for changes. */
export function CollectionForm(props: {
  initial?: CollectionFields;
  submitLabel: string;
  /** Resolves true when saved: a new collection's form then empties. */
  onSubmit: (fields: CollectionFields) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const id = useId();
  const empty = { title: "", description: "", isPublic: false };
  const [fields, setFields] = useState<CollectionFields>(props.initial ?? empty);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<CollectionFields>) => setFields({ ...fields, ...change });
  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!fields.title.trim()) return;
        setBusy(true);
        const saved = await props.onSubmit(fields);
        setBusy(false);
        if (saved && !props.initial) setFields(empty);
      }}
    >
      <div>
        <label htmlFor={`${id}-title`} className="text-sm font-medium text-fg">
          Title
        </label>
        <input
          id={`${id}-title`}
          required
          value={fields.title}
          maxLength={collectionTitleMaxLength}
          onChange={(event) => set({ title: event.target.value })}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="text-sm font-medium text-fg">
          Description <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={fields.description}
          maxLength={collectionDescriptionMaxLength}
          onChange={(event) => set({ description: event.target.value })}
          className={fieldClass}
        />
      </div>
      <label className="flex items-start gap-2 text-sm text-fg">
        <input
          type="checkbox"
          checked={fields.isPublic}
          onChange={(event) => set({ isPublic: event.target.checked })}
          className="mt-0.5 h-4 w-4"
        />
        <span>Public: anyone can open its page, and it is listed on your public profile</span>
      </label>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy || !fields.title.trim()}>
          {props.submitLabel}
        </Button>
        {props.onCancel ? (
          <Button variant="secondary" onClick={props.onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
