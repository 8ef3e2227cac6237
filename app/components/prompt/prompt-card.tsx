import { useState } from "react";
import { AddToCollectionMenu } from "~/components/collections/add-to-collection-menu.tsx";
import { controlKeys } from "~/components/keyboard/shortcut-keys.ts";
import { useLibrary } from "~/components/organise/library-context.tsx";
import { MoveToMenu } from "~/components/organise/move-to-menu.tsx";
import { SaveButton } from "~/components/organise/save-button.tsx";
import { StarButton } from "~/components/organise/star-button.tsx";
import { TagEditor } from "~/components/organise/tag-editor.tsx";
import { TemplateDialog } from "~/components/organise/template-dialog.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { HistoryDialog, UpstreamDialog } from "~/components/versions/version-dialogs.tsx";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt, WholePrompt } from "../../../shared/prompt.ts";
import { promptPath } from "../../../shared/public-address.ts";
import { CardText, CardTitle, hasMore, ShowMoreButton } from "./card-parts.tsx";
import { CopyButton } from "./copy-button.tsx";
import { countCopy } from "./copy-text.ts";
import { DeleteButton } from "./delete-button.tsx";
import { LocalDate } from "./local-date.tsx";
import { OpenInMenu } from "./open-in-menu.tsx";
import { useWholePrompt } from "./use-whole-prompt.ts";

export interface CardActions {
  canEdit: boolean;
  canDelete: boolean;
  /** Called with the whole text, never a list's excerpt, so an edit cannot cut the prompt short. */
  onEdit: (prompt: WholePrompt) => void;
  onDelete: (prompt: Prompt) => void;
  deleting: boolean;
  /** A restore or an update from the original changed the prompt: show it as it is now. */
  onChanged: (prompt: Prompt) => void;
}

/** The drag data that carries a prompt to a folder. */
export const promptDragType = "application/x-promptshelf-prompt";

/**
 * A prompt: its title, text (with search matches marked), creator and date, and what the
 * person may do with it: copy, open in an AI assistant, star, use as a template, save, and on
 * their own, edit, delete, tag and file (by "Move to..." or by dragging onto a folder). A list
 * gives only the start of a long text; Show more, Copy, Open in, Edit and Use template fetch the
 * whole of it when asked.
 */
export function PromptCard(props: {
  prompt: Prompt;
  term: string;
  showCreator: boolean;
  actions: CardActions;
}) {
  const { prompt, term, actions } = props;
  const { folders } = useLibrary();
  const [expanded, setExpanded] = useState(false);
  const [fetching, setFetching] = useState<"more" | "edit" | null>(null);
  const wholePrompt = useWholePrompt(prompt);
  const { whole } = wholePrompt;
  const organisable = prompt.isOwn && folders !== null;
  const long = hasMore(prompt);
  // Expanded, the card shows the whole text, for as long as it has it (not after a change).
  const wholeShown = expanded ? whole?.promptText : undefined;
  const showingWhole = wholeShown !== undefined;
  const copied = () => countCopy(prompt.id);

  /** Runs the action on the whole prompt, fetching it first if the list cut it short. */
  async function withWhole(action: "more" | "edit", then: (prompt: WholePrompt) => void) {
    if (whole) return then(whole);
    if (fetching) return;
    setFetching(action);
    try {
      then(await wholePrompt.load());
    } catch {
      showNotice(messages.loadFailed());
    } finally {
      setFetching(null);
    }
  }

  return (
    <article
      aria-label={prompt.title}
      // Focusable by script alone: j and k move focus from card to card, and c, e and s act on it.
      tabIndex={-1}
      data-prompt-card=""
      draggable={organisable || undefined}
      onDragStart={(event) => {
        event.dataTransfer.setData(promptDragType, prompt.id);
        event.dataTransfer.effectAllowed = "move";
      }}
      className="card"
    >
      <header className="card-head">
        <CardTitle
          title={prompt.title}
          category={prompt.category}
          term={term}
          href={prompt.isShared ? promptPath(prompt) : undefined}
        >
          {props.showCreator && prompt.isAdminCreated ? (
            <span className="mt-1 flex w-fit items-center gap-1 rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-medium text-success-text">
              <Icon name="shield-check" className="h-3 w-3" /> Admin
            </span>
          ) : null}
          {prompt.upstream === "updated" ? (
            <UpstreamDialog prompt={prompt} onChanged={actions.onChanged} />
          ) : prompt.upstream === "removed" ? (
            <span className="card-badge card-badge-muted">Original removed</span>
          ) : null}
        </CardTitle>
        <div className="card-tools">
          <CopyButton
            text={whole ? whole.promptText : () => wholePrompt.load().then((p) => p.promptText)}
            label={`Copy ${prompt.title}`}
            onCopied={copied}
            keyShortcut={controlKeys.copy}
          />
          {actions.canEdit ? (
            <button
              type="button"
              aria-label={`Edit ${prompt.title}`}
              aria-keyshortcuts={controlKeys.edit}
              aria-busy={fetching === "edit" || undefined}
              onClick={() => void withWhole("edit", actions.onEdit)}
              className="card-icon-button"
            >
              {fetching === "edit" ? (
                <Icon name="loader" className="h-4 w-4 animate-spin" />
              ) : (
                <Icon name="pencil" className="h-4 w-4" />
              )}
            </button>
          ) : null}
          {organisable ? <MoveToMenu prompt={prompt} /> : null}
          {prompt.isShared ? <AddToCollectionMenu prompt={prompt} /> : null}
          {actions.canDelete ? (
            <DeleteButton
              title={prompt.title}
              busy={actions.deleting}
              onConfirm={() => actions.onDelete(prompt)}
            />
          ) : null}
        </div>
      </header>
      <CardText prompt={prompt} whole={wholeShown} term={term} />
      {long ? (
        <ShowMoreButton
          expanded={showingWhole}
          busy={fetching === "more"}
          onClick={() =>
            showingWhole ? setExpanded(false) : void withWhole("more", () => setExpanded(true))
          }
        />
      ) : null}
      {organisable ? <TagEditor prompt={prompt} /> : null}
      <footer className="card-foot @container">
        <span>
          {props.showCreator ? `by ${prompt.creatorName} · ` : null}
          <LocalDate value={prompt.createdAt} />
          {prompt.version > 1 ? (
            <>
              {" · "}
              <HistoryDialog
                prompt={prompt}
                canRestore={actions.canEdit}
                onChanged={actions.onChanged}
              />
            </>
          ) : null}
          {prompt.saveCount > 0 ? ` · saved by ${prompt.saveCount.toLocaleString("en-US")}` : null}
        </span>
        {/* Two groups, so a card too narrow for all of them keeps Save beside its star. */}
        <span className="flex flex-wrap items-center justify-end">
          <span className="flex items-center">
            <OpenInMenu
              text={whole ? whole.promptText : () => wholePrompt.load().then((p) => p.promptText)}
              label={`Open in an AI assistant: ${prompt.title}`}
            />
            <TemplateDialog prompt={prompt} whole={wholePrompt} onCopied={copied} />
          </span>
          <span className="flex items-center">
            {prompt.isOwn ? null : <SaveButton prompt={prompt} />}
            <StarButton prompt={prompt} keyShortcut={controlKeys.star} />
          </span>
        </span>
      </footer>
    </article>
  );
}
