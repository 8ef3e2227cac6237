import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { PrivacyDialog } from "~/components/privacy/privacy-dialog.tsx";
import { usePublishCheck } from "~/components/privacy/use-publish-check.ts";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import type { CollectionDetail, CollectionSummary } from "../../../shared/collection.ts";
import { type FailedAction, messages } from "../../../shared/messages.ts";
import { type CollectionFields, CollectionForm } from "./collection-form.tsx";
import { CollectionItemRow } from "./collection-item-row.tsx";

/**
 * One of the person's collections, as they manage it: its details, its prompts in order with
 * their notes, and deleting it. Read from the API, as the page keeps no data of its own.
 */
export function CollectionEditor(props: {
  id: string;
  onChanged: (summary: CollectionSummary) => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const privacy = usePublishCheck();
  const base = `/api/v1/collections/${props.id}`;
  const read = useCallback(() => api<CollectionDetail>("GET", base), [base]);
  const { state, reload, refresh } = useApiData(read);
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = state.kind === "ready";
  // Once chosen and loaded, the collection takes focus: below the list on a phone, it is where
  // the person goes next, by screen reader and keyboard alike.
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);

  /** Where focus goes once the items are shown again after a move: the moved item's button. */
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (state.kind !== "ready" || !focusAfter.current) return;
    heading.current
      ?.closest("[data-collection-editor]")
      ?.querySelector<HTMLElement>(`[data-move="${focusAfter.current}"]`)
      ?.focus();
    focusAfter.current = null;
  });

  /** Runs a change, then reads the collection again; a failure shows its notice. */
  async function change(action: FailedAction, work: () => Promise<unknown>, done?: () => void) {
    if (busy) return false;
    setBusy(true);
    try {
      // Nothing was saved (the privacy dialog was cancelled): the form keeps what was typed.
      if ((await work()) === false) return false;
      done?.();
      await refresh();
      return true;
    } catch (error) {
      showNotice(callFailureNotice(error, action));
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (state.kind !== "ready") {
    return <ApiDataStatus state={state} what="collection" onRetry={() => void reload()} />;
  }
  const collection = state.value;
  const items = collection.items;
  return (
    <div data-collection-editor="" aria-busy={busy || undefined} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold wrap-anywhere text-fg">
          {collection.title}
        </h2>
        {collection.isPublic ? (
          <Link
            to={collection.path}
            className="inline-flex items-center gap-1 text-sm font-medium text-accent-text hover:underline"
          >
            <Icon name="external-link" className="h-4 w-4" /> View public page
          </Link>
        ) : (
          <span className="text-sm text-muted">Private: only you can see it</span>
        )}
      </div>
      <CollectionForm
        key={collection.updatedAt}
        initial={{
          title: collection.title,
          description: collection.description,
          isPublic: collection.isPublic,
        }}
        submitLabel="Save changes"
        onSubmit={(fields: CollectionFields) =>
          change("update-collection", async () => {
            // What a public collection shows passes the privacy check: the server checks its
            // notes too when it is made public.
            const changed = await privacy.check(
              fields.isPublic ? { title: fields.title, description: fields.description } : null,
              (checked, confirm) =>
                api<CollectionSummary>("PATCH", base, {
                  ...fields,
                  ...checked,
                  ...(confirm ? { confirm } : {}),
                }),
            );
            if (!changed) return false;
            props.onChanged(changed);
            showNotice(messages.collectionUpdated);
          })
        }
      />
      <section aria-labelledby="items-heading">
        <h3 id="items-heading" className="font-semibold text-fg">
          Prompts ({items.length})
        </h3>
        {items.length === 0 ? (
          <p className="mt-3 rounded-xl border-2 border-dashed border-line p-6 text-center text-sm text-muted">
            No prompts yet. Add shared prompts from the{" "}
            <Link to="/community" className="font-medium text-accent-text hover:underline">
              community library
            </Link>{" "}
            with "Add to collection" on each card.
          </p>
        ) : (
          <ol className="mt-3 space-y-3">
            {items.map((item, index) => (
              <CollectionItemRow
                key={item.prompt.id}
                item={item}
                index={index}
                count={items.length}
                onMove={(position) => {
                  // The same button again, in the item's new place (still focusable at an end).
                  focusAfter.current = `${item.prompt.id}-${position < index ? "up" : "down"}`;
                  void change("update-collection-item", () =>
                    api("PATCH", `${base}/items/${item.prompt.id}`, { position }),
                  );
                }}
                onNote={(note) =>
                  void change("update-collection-item", () =>
                    privacy.check(collection.isPublic ? { note } : null, (checked, confirm) =>
                      api("PATCH", `${base}/items/${item.prompt.id}`, {
                        note: checked.note ?? note,
                        ...(confirm ? { confirm } : {}),
                      }),
                    ),
                  )
                }
                onRemove={() =>
                  void change(
                    "update-collection-item",
                    () => api("DELETE", `${base}/items/${item.prompt.id}`),
                    () => showNotice(messages.removedFromCollection),
                  )
                }
              />
            ))}
          </ol>
        )}
      </section>
      <section aria-label="Delete this collection" className="border-t border-line pt-4">
        {confirming ? (
          <div role="alert" className="space-y-3">
            <p className="text-sm text-fg">
              Delete "{collection.title}"? The prompts in it stay where they are.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button
                variant="danger"
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  try {
                    await api("DELETE", base);
                    showNotice(messages.collectionDeleted);
                    props.onDeleted();
                  } catch (error) {
                    showNotice(callFailureNotice(error, "delete-collection"));
                    setBusy(false);
                  }
                }}
              >
                Delete collection
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            <Icon name="trash" className="h-4 w-4" /> Delete this collection
          </Button>
        )}
      </section>
      <PrivacyDialog {...privacy.dialog} />
    </div>
  );
}
