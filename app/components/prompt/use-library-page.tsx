import type { Notice } from "../../../shared/messages.ts";
import type { Prompt, PromptListData } from "../../../shared/prompt.ts";
import type { CardAbilities } from "./card-abilities.ts";
import type { Highlights } from "./community-highlights.tsx";
import { PromptCard } from "./prompt-card.tsx";
import { useLoadErrorNotice } from "./use-load-error-notice.ts";
import { usePromptEditor } from "./use-prompt-editor.ts";
import { usePromptRemoval } from "./use-prompt-removal.ts";
import { useShownPrompts } from "./use-shown-prompts.ts";

/**
 * What every library page keeps, whatever it lists: the prompts on screen, its add and edit form,
 * deleting by its own action, the notice when the list could not be loaded, and how it draws a
 * card: what the person may do with each prompt (`can`, by the page's rule), with edits in the
 * page's form and changes shown wherever the prompt is.
 */
export function useLibraryPage(options: {
  data: PromptListData;
  highlights?: Highlights<Prompt>;
  /** The notice after adding. */
  created: Notice;
  canAdd: boolean;
  /** The community's lists say why they failed to load; a person's own do not. */
  namesLoadErrors: boolean;
  showCreator: boolean;
  can: (prompt: Prompt) => CardAbilities;
}) {
  const shown = useShownPrompts(options.data, options.highlights);
  const editor = usePromptEditor({ shown, created: options.created, canAdd: options.canAdd });
  const removal = usePromptRemoval(shown, options.created);
  useLoadErrorNotice(options.data.loadError, options.namesLoadErrors);

  /** A card of the list (or, with no term, of the highlights). */
  const card = (prompt: Prompt, term = options.data.q) => (
    <PromptCard
      prompt={prompt}
      term={term}
      showCreator={options.showCreator}
      can={options.can(prompt)}
      handlers={{
        onEdit: editor.edit,
        onDelete: removal.remove,
        deleting: removal.deleting(prompt),
        onChanged: shown.replace,
      }}
    />
  );
  return { shown, editor, card };
}
