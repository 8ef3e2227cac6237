import { ShareTeamPrompt } from "~/components/teams/share-team-prompt.tsx";
import { HistoryDialog, SuggestionsDialog } from "~/components/versions/version-dialogs.tsx";
import type { Prompt } from "../../../shared/prompt.ts";
import { LocalDate } from "./local-date.tsx";

/**
 * The card's footer line: who wrote it (where the page names creators), when, its history once
 * it was edited (with restoring, for whoever may edit it), a team prompt's suggested changes
 * and its share with the community, and how many keep a copy.
 */
export function CardByline(props: {
  prompt: Prompt;
  showCreator: boolean;
  canRestore: boolean;
  suggest?: "propose" | "decide";
  /** Share it with the community, or withdraw it (a team's editors). */
  canShare?: boolean;
  /** The history says how each version did on the prompt's test cases (CardAbilities.tests). */
  showsTests: boolean;
  onChanged: (prompt: Prompt) => void;
}) {
  const { prompt } = props;
  return (
    <span>
      {props.showCreator ? `by ${prompt.creatorName} · ` : null}
      <LocalDate value={prompt.createdAt} />
      {prompt.version > 1 ? (
        <>
          {" · "}
          <HistoryDialog
            prompt={prompt}
            canRestore={props.canRestore}
            showsTests={props.showsTests}
            onChanged={props.onChanged}
          />
        </>
      ) : null}
      {props.suggest ? (
        <>
          {" · "}
          <SuggestionsDialog
            prompt={prompt}
            canDecide={props.suggest === "decide"}
            onChanged={props.onChanged}
          />
        </>
      ) : null}
      {props.canShare ? (
        <>
          {" · "}
          <ShareTeamPrompt prompt={prompt} onChanged={props.onChanged} />
        </>
      ) : null}
      {prompt.saveCount > 0 ? (
        // One piece: "saved by 1" never breaks after "saved".
        <span className="whitespace-nowrap">
          {` · saved by ${prompt.saveCount.toLocaleString("en-US")}`}
        </span>
      ) : null}
    </span>
  );
}
