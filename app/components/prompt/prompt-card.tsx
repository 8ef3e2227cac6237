import { TagEditor } from "~/components/organise/tag-editor.tsx";
import type { Prompt, WholePrompt } from "../../../shared/prompt.ts";
import { promptPath } from "../../../shared/public-address.ts";
import type { CardAbilities } from "./card-abilities.ts";
import { AdminBadge, UpstreamBadge } from "./card-badges.tsx";
import { CardByline } from "./card-byline.tsx";
import { CardPreview, CardTitle, CardWholeText, hasMore, ShowMoreButton } from "./card-parts.tsx";
import { CardPin, PinnedBadge } from "./card-pin.tsx";
import { CardTools } from "./card-tools.tsx";
import { CardUseButtons } from "./card-use-buttons.tsx";
import { countCopy } from "./copy-text.ts";
import { useCardText } from "./use-card-text.ts";

/** What a card asks its page to do: the page's form edits, its list deletes and follows changes. */
export interface CardHandlers {
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
 * A prompt on a library page: its title, text (a search's matches marked), creator and date, and
 * the controls for what the person may do with it (`can`, which the page decides): copy, open in
 * an AI assistant, star and use as a template for anyone; edit, delete, tag, file (by "Move
 * to..." or by dragging onto a folder), save a copy and add to a collection as allowed.
 */
export function PromptCard(props: {
  prompt: Prompt;
  /** The list's search term, "" when none. */
  term: string;
  showCreator: boolean;
  can: CardAbilities;
  handlers: CardHandlers;
}) {
  const { prompt, can, handlers } = props;
  const text = useCardText(prompt, props.term);
  const copied = () => countCopy(prompt.id);
  return (
    <article
      aria-label={prompt.title}
      // Focusable by script alone: j and k move focus from card to card, and c, e and s act on it.
      tabIndex={-1}
      data-prompt-card=""
      draggable={can.organise || undefined}
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
          match={prompt.match}
          href={prompt.isShared ? promptPath(prompt) : undefined}
        >
          {props.showCreator && prompt.isAdminCreated ? <AdminBadge /> : null}
          <UpstreamBadge prompt={prompt} onChanged={handlers.onChanged} />
        </CardTitle>
        <CardTools
          prompt={prompt}
          can={can}
          copySource={text.copySource}
          onCopied={copied}
          editing={text.fetching === "edit"}
          onEdit={() => text.edit(handlers.onEdit)}
          deleting={handlers.deleting}
          onDelete={() => handlers.onDelete(prompt)}
        />
      </header>
      {prompt.description ? (
        <p className="mt-2 text-sm text-fg-soft [overflow-wrap:anywhere]">{prompt.description}</p>
      ) : null}
      {text.shown ? <CardWholeText {...text.shown} /> : <CardPreview prompt={prompt} />}
      {hasMore(prompt) ? (
        <ShowMoreButton
          expanded={text.shown !== null}
          busy={text.fetching === "more"}
          onClick={text.toggleMore}
        />
      ) : null}
      {can.organise ? <TagEditor prompt={prompt} /> : null}
      <footer className="card-foot @container">
        <CardByline
          prompt={prompt}
          showCreator={props.showCreator}
          canRestore={can.edit}
          suggest={can.suggest}
          canShare={can.share}
          showsTests={can.tests !== undefined}
          onChanged={handlers.onChanged}
        />
        {can.pin === "set" ? (
          <CardPin prompt={prompt} />
        ) : can.pin === "show" && prompt.pinned ? (
          <PinnedBadge />
        ) : null}
        <CardUseButtons
          prompt={prompt}
          whole={text.whole}
          copySource={text.copySource}
          canSaveCopy={can.saveCopy}
          tests={can.tests}
          onCopied={copied}
        />
      </footer>
    </article>
  );
}
