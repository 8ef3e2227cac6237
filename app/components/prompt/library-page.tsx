import { useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useLocation, useRevalidator } from "react-router";
import { newPromptAsked } from "~/components/keyboard/new-prompt.ts";
import { controlKeys } from "~/components/keyboard/shortcut-keys.ts";
import { type Folder, LibraryProvider, type Tag } from "~/components/organise/library-context.tsx";
import { LibrarySidebar } from "~/components/organise/library-sidebar.tsx";
import { Button } from "~/components/ui/button.tsx";
import type { PromptActionResult } from "~/lib/prompt-actions.ts";
import type { Notice } from "../../../shared/messages.ts";
import type { Prompt, PromptListData, WholePrompt } from "../../../shared/prompt.ts";
import type { SessionUser } from "../../../shared/session-user.ts";
import type { SimilarPrompt } from "../../../shared/similar-prompt.ts";
import { CommunityHighlights, type Highlights } from "./community-highlights.tsx";
import { type CardActions, PromptCard } from "./prompt-card.tsx";
import { type FormState, PromptForm } from "./prompt-form.tsx";
import { PromptList } from "./prompt-list.tsx";
import { SearchBox } from "./search-box.tsx";
import { SidebarDrawer } from "./sidebar-drawer.tsx";
import { SimilarPromptNotice } from "./similar-prompt-notice.tsx";
import { SortSelect } from "./sort-select.tsx";
import { useActionNotices } from "./use-action-notices.ts";
import { useHighlights } from "./use-highlights.ts";
import { useLivePrompts } from "./use-live-prompts.ts";
import { useLoadErrorNotice } from "./use-load-error-notice.ts";
import { usePromptList } from "./use-prompt-list.ts";

export interface LibraryConfig {
  heading: string;
  description: string;
  /** The add/share button's label; none on lists you cannot add to (favourites). */
  addLabel?: string;
  /** Topic pages hide their Share button while the form is open. */
  hideAddWhileOpen?: boolean;
  formHeading: string;
  listHeading?: string;
  defaultUseCase?: string;
  /** The form shares what it adds (community and topic pages). */
  sharesNew?: boolean;
  created: Notice;
  emptyText: string;
  /** The empty list's own button, opening the same form as the add/share button. */
  emptyInvite?: string;
  /** The community list names why it failed to load; personal lists do not. */
  namesLoadErrors: boolean;
  showCreator: boolean;
}

/**
 * A library screen: heading, the add/share form, search and sort, and the list of prompt cards;
 * on the personal library also the folders and tags sidebar (a drawer on phones).
 */
export function LibraryPage(props: {
  config: LibraryConfig;
  data: PromptListData;
  user: SessionUser;
  organisers?: { folders: Folder[]; tags: Tag[] };
  highlights?: Highlights<Prompt>;
  /** Community lists follow new, edited and deleted shared prompts as they happen. */
  live?: { category?: string };
}) {
  const { config, data, user } = props;
  const revalidator = useRevalidator();
  const library = useMemo(
    () => ({
      folders: props.organisers?.folders ?? null,
      tags: props.organisers?.tags ?? [],
      refresh: () => void revalidator.revalidate(),
    }),
    [props.organisers, revalidator],
  );
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const save = useFetcher<PromptActionResult>({ key: "prompt-save" });
  const remove = useFetcher<PromptActionResult>({ key: "prompt-delete" });
  const list = usePromptList(data);
  const highlights = useHighlights(props.highlights);
  const formAnchor = useRef<HTMLDivElement>(null);
  const [similar, setSimilar] = useState<SimilarPrompt | null>(null);

  const onResult = (result: PromptActionResult) => {
    if (!result.ok) return;
    if (result.intent !== "delete") setSimilar(result.similar ?? null);
    if (result.prompt) {
      list.replace(result.prompt);
      highlights.replace(result.prompt);
    }
    if (result.deletedId) {
      list.remove(result.deletedId);
      highlights.remove(result.deletedId);
    }
    if (result.intent !== "delete") setForm({ mode: "closed" });
  };
  useActionNotices(save, { created: config.created, onResult });
  useActionNotices(remove, { created: config.created, onResult });

  useLoadErrorNotice(data.loadError, config.namesLoadErrors);

  const location = useLocation();
  // "New prompt" from a page without an Add button comes here and opens the form.
  const askedAt = newPromptAsked(location) ? location.key : null;
  const canAdd = Boolean(config.addLabel);
  useEffect(() => {
    if (askedAt && canAdd) setForm({ mode: "add" });
  }, [askedAt, canAdd]);
  const filters = new URLSearchParams(location.search);
  const term = data.q.toLowerCase();
  const matchesTerm = (prompt: Prompt) =>
    !term ||
    prompt.promptText.toLowerCase().includes(term) ||
    Boolean(prompt.category?.toLowerCase().includes(term));
  // A new prompt goes on top only in the plain newest-first view; in another order that is not its place.
  const newestFirst = (filters.get("sort") ?? (term ? "relevance" : "newest")) === "newest";
  useLivePrompts({
    enabled: Boolean(props.live) && !["folder", "tag", "starred"].some((key) => filters.has(key)),
    belongs: (prompt) =>
      prompt.isShared &&
      (!props.live?.category || prompt.category?.toLowerCase() === props.live.category),
    shows: (id) => list.items.some((prompt) => prompt.id === id) || highlights.shows(id),
    onCreated: (prompt) => {
      if (newestFirst && matchesTerm(prompt)) list.prepend(prompt);
      highlights.add(prompt);
    },
    onUpdated: (prompt) => {
      if (matchesTerm(prompt)) list.replace(prompt);
      highlights.replace(prompt);
    },
    onDeleted: (id) => {
      list.remove(id);
      highlights.remove(id);
    },
  });

  const edit = (prompt: WholePrompt) => {
    setForm({ mode: "edit", prompt });
    formAnchor.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  const actionsFor = (prompt: Prompt): CardActions => ({
    canEdit: prompt.isOwn,
    canDelete: prompt.isOwn || user.isAdmin,
    onEdit: edit,
    onDelete: (target) => remove.submit({ intent: "delete", id: target.id }, { method: "post" }),
    deleting: remove.state !== "idle" && remove.formData?.get("id") === prompt.id,
    onChanged: (changed) => {
      list.replace(changed);
      highlights.replace(changed);
    },
  });
  const showAdd = config.addLabel && !(config.hideAddWhileOpen && form.mode !== "closed");

  const content = (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg">{config.heading}</h1>
          <p className="mt-1 text-muted">{config.description}</p>
        </div>
        <div className="flex gap-3">
          {props.organisers ? <SidebarDrawer organisers={props.organisers} /> : null}
          {showAdd ? (
            <Button
              onClick={() => setForm({ mode: "add" })}
              aria-keyshortcuts={controlKeys.newPrompt}
            >
              {config.addLabel}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <SearchBox term={data.q} label="Search prompts" />
        </div>
        <SortSelect searching={term !== ""} />
      </div>
      <div ref={formAnchor}>
        {form.mode !== "closed" ? (
          <PromptForm
            key={form.mode === "edit" ? form.prompt.id : "add"}
            state={form}
            fetcher={save}
            heading={form.mode === "edit" ? "Edit Prompt" : config.formHeading}
            defaultUseCase={config.defaultUseCase}
            sharesNew={config.sharesNew}
            onCancel={() => setForm({ mode: "closed" })}
          />
        ) : null}
        {similar ? (
          <SimilarPromptNotice similar={similar} onDismiss={() => setSimilar(null)} />
        ) : null}
      </div>
      {highlights.shown && !term ? (
        <div className="mb-10">
          <CommunityHighlights
            highlights={highlights.shown}
            headingLevel={2}
            card={(prompt) => (
              <PromptCard
                prompt={prompt}
                term=""
                showCreator={config.showCreator}
                actions={actionsFor(prompt)}
              />
            )}
          />
        </div>
      ) : null}
      {/* Columns follow the width the list has, not the window's: the sidebar takes its share. */}
      <section aria-labelledby="prompt-list-heading" className="@container">
        <h2 id="prompt-list-heading" className="mb-4 text-xl font-semibold text-fg">
          {config.listHeading ?? "Prompts"}
        </h2>
        <PromptList
          items={list.items}
          term={data.q}
          emptyText={config.emptyText}
          loadFailed={data.loadError !== null}
          showCreator={config.showCreator}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          onLoadMore={list.loadMore}
          actionsFor={actionsFor}
          emptyAction={
            config.emptyInvite && form.mode === "closed"
              ? { label: config.emptyInvite, run: () => setForm({ mode: "add" }) }
              : undefined
          }
        />
      </section>
    </>
  );

  return (
    <LibraryProvider value={library}>
      {props.organisers ? (
        <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
          <aside className="hidden lg:block">
            <div className="sticky top-24">
              <LibrarySidebar folders={props.organisers.folders} tags={props.organisers.tags} />
            </div>
          </aside>
          {/* The skip link's stop: past the folders and tags, at the page's heading. */}
          <div className="min-w-0 focus:outline-none" data-skip-target tabIndex={-1}>
            {content}
          </div>
        </div>
      ) : (
        content
      )}
    </LibraryProvider>
  );
}
