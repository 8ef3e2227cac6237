import { useState } from "react";
import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { PrivacyDialog } from "~/components/privacy/privacy-dialog.tsx";
import { usePublishCheck } from "~/components/privacy/use-publish-check.ts";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { api } from "~/lib/api-client.ts";
import { cx } from "~/lib/cx.ts";
import { showNotice } from "~/lib/notify.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import { type CollectionSummary, collectionsPerPerson } from "../../../shared/collection.ts";
import { messages } from "../../../shared/messages.ts";
import { CollectionEditor } from "./collection-editor.tsx";
import { CollectionForm } from "./collection-form.tsx";

const readCollections = () => api<CollectionSummary[]>("GET", "/api/v1/collections");

/** The person's collections: make one, pick one to manage, see which are public. */
export function CollectionsManager() {
  const { state, reload: load, setValue: setCollections } = useApiData(readCollections);
  const [selected, setSelected] = useState<string | null>(null);
  const privacy = usePublishCheck();

  const collections = state.kind === "ready" ? state.value : [];
  const replace = (summary: CollectionSummary) =>
    setCollections(collections.map((each) => (each.id === summary.id ? summary : each)));

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-6">
        <section
          aria-labelledby="new-collection-heading"
          className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-line"
        >
          <h2 id="new-collection-heading" className="mb-4 text-lg font-semibold text-fg">
            New collection
          </h2>
          <CollectionForm
            submitLabel="Create collection"
            onSubmit={async (fields) => {
              try {
                // A public collection's title and description pass the privacy check.
                const created = await privacy.check(
                  fields.isPublic ? { title: fields.title, description: fields.description } : null,
                  (checked, confirm) =>
                    api<CollectionSummary>("POST", "/api/v1/collections", {
                      ...fields,
                      ...checked,
                      ...(confirm ? { confirm } : {}),
                    }),
                );
                if (!created) return false;
                setCollections([created, ...collections]);
                setSelected(created.id);
                showNotice(messages.collectionCreated(created.title));
                return true;
              } catch (error) {
                showNotice(callFailureNotice(error, "create-collection"));
                return false;
              }
            }}
          />
        </section>
        <section aria-labelledby="your-collections-heading">
          <h2 id="your-collections-heading" className="text-lg font-semibold text-fg">
            Your collections{" "}
            {state.kind === "ready" ? (
              <span className="text-sm font-normal text-muted">
                ({collections.length} of {collectionsPerPerson})
              </span>
            ) : null}
          </h2>
          {state.kind !== "ready" ? (
            <ApiDataStatus
              state={state}
              what="collections"
              onRetry={() => void load()}
              className="mt-3"
            />
          ) : collections.length === 0 ? (
            <p className="mt-3 rounded-xl border-2 border-dashed border-line p-6 text-center text-sm text-muted">
              You have no collections yet. Create one to gather shared prompts for a task or a team,
              and share it with a link.
            </p>
          ) : (
            <ul className="mt-3 space-y-2">
              {collections.map((collection) => (
                <li key={collection.id}>
                  <button
                    type="button"
                    aria-current={selected === collection.id || undefined}
                    onClick={() => setSelected(collection.id)}
                    className={cx(
                      "w-full rounded-lg p-3 text-left ring-1 ring-line hover:bg-subtle",
                      selected === collection.id ? "bg-accent-soft ring-accent" : "bg-surface",
                    )}
                  >
                    <span className="block font-medium wrap-anywhere text-fg">
                      {collection.title}
                    </span>
                    <span className="text-xs text-muted">
                      {collection.isPublic ? "Public" : "Private"} · {collection.itemCount}{" "}
                      {collection.itemCount === 1 ? "prompt" : "prompts"} · {collection.starCount}{" "}
                      {collection.starCount === 1 ? "star" : "stars"}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {/* With no collection yet, the list's own empty state says what to do; no panel waits
          for a choice there is none to make. */}
      {state.kind === "ready" && collections.length === 0 ? null : (
        <section
          aria-label="Selected collection"
          className="min-w-0 rounded-xl bg-surface p-6 shadow-sm ring-1 ring-line"
        >
          {selected ? (
            <CollectionEditor
              key={selected}
              id={selected}
              onChanged={replace}
              onDeleted={() => {
                setSelected(null);
                setCollections(collections.filter((each) => each.id !== selected));
              }}
            />
          ) : (
            <p className="text-sm text-muted">
              Choose a collection to change it, order its prompts and add notes.
            </p>
          )}
        </section>
      )}
      <PrivacyDialog {...privacy.dialog} />
    </div>
  );
}
