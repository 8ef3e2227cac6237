import { AddToCollectionMenu } from "~/components/collections/add-to-collection-menu.tsx";
import { controlKeys } from "~/components/keyboard/shortcut-keys.ts";
import { MoveToMenu } from "~/components/organise/move-to-menu.tsx";
import type { Prompt } from "../../../shared/prompt.ts";
import type { CardAbilities } from "./card-abilities.ts";
import { CopyButton } from "./copy-button.tsx";
import { DeleteButton } from "./delete-button.tsx";
import { EditButton } from "./edit-button.tsx";

/**
 * The icon buttons in a card's corner: Copy for anyone, then what the person may do with it:
 * edit, file in a folder, add to a collection, delete. Menus and dialogs are built when first
 * opened, so a list of cards renders plain buttons.
 */
export function CardTools(props: {
  prompt: Prompt;
  can: CardAbilities;
  copySource: string | (() => Promise<string>);
  onCopied: () => void;
  editing: boolean;
  onEdit: () => void;
  deleting: boolean;
  onDelete: () => void;
}) {
  const { prompt, can } = props;
  return (
    <div className="card-tools">
      <CopyButton
        text={props.copySource}
        label={`Copy ${prompt.title}`}
        onCopied={props.onCopied}
        keyShortcut={controlKeys.copy}
      />
      {can.edit ? (
        <EditButton title={prompt.title} busy={props.editing} onClick={props.onEdit} />
      ) : null}
      {can.organise ? <MoveToMenu prompt={prompt} /> : null}
      {can.collect ? <AddToCollectionMenu prompt={prompt} /> : null}
      {can.delete ? (
        <DeleteButton title={prompt.title} busy={props.deleting} onConfirm={props.onDelete} />
      ) : null}
    </div>
  );
}
