import { useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { emptyStates } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import { type CardActions, PromptCard } from "./prompt-card.tsx";

/**
 * The list's states: empty, no match for the search, and the grid of cards. While a new search
 * or order loads, the cards on screen stay (dimmed and marked busy) until the new ones arrive.
 */
export function PromptList(props: {
  items: Prompt[];
  term: string;
  emptyText: string;
  loadFailed: boolean;
  showCreator: boolean;
  actionsFor: (prompt: Prompt) => CardActions;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** What an empty list invites the person to do (the page's Add or Share). */
  emptyAction?: { label: string; run: () => void };
}) {
  const navigation = useNavigation();
  const location = useLocation();
  // A new search on this page, not a move to another page.
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;

  if (props.loadFailed) {
    return (
      <p className="py-16 text-center text-muted">
        The prompts could not be loaded. Please try again.
      </p>
    );
  }
  if (props.items.length === 0) {
    const params = new URLSearchParams(location.search);
    const filtered = params.has("folder") || params.has("tag");
    const invite = !props.term && !filtered ? props.emptyAction : undefined;
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border-2 border-dashed border-line px-6 py-16 text-center">
        <Icon name="inbox" className="h-10 w-10 text-ghost" />
        <p className="max-w-md text-muted">
          {props.term
            ? emptyStates.noMatch(props.term)
            : filtered
              ? emptyStates.noFilterMatch
              : props.emptyText}
        </p>
        {invite ? <Button onClick={invite.run}>{invite.label}</Button> : null}
      </div>
    );
  }
  return (
    <>
      <ul
        aria-busy={loading || undefined}
        className="grid grid-cols-1 gap-4 transition-opacity aria-busy:opacity-60 @xl:grid-cols-2 @4xl:grid-cols-3"
      >
        {props.items.map((prompt) => (
          <li key={prompt.id} className="flex min-w-0">
            <div className="min-w-0 flex-1">
              <PromptCard
                prompt={prompt}
                term={props.term}
                showCreator={props.showCreator}
                actions={props.actionsFor(prompt)}
              />
            </div>
          </li>
        ))}
      </ul>
      {props.hasMore ? (
        <div className="mt-8 flex justify-center">
          <Button variant="secondary" onClick={props.onLoadMore} disabled={props.loadingMore}>
            {props.loadingMore ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
