import { Loader2 } from "lucide-react";
import { useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { emptyStates } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import { type CardActions, PromptCard } from "./prompt-card.tsx";

/** The list's four states: loading, empty, no match for the search, and the grid of cards. */
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
}) {
  const navigation = useNavigation();
  const location = useLocation();
  // A new search on this page, not a move to another page.
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;

  if (loading) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-faint">
        <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> Loading prompts...
      </p>
    );
  }
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
    return (
      <p className="rounded-xl border-2 border-dashed border-line py-16 text-center text-muted">
        {props.term
          ? emptyStates.noMatch(props.term)
          : filtered
            ? emptyStates.noFilterMatch
            : props.emptyText}
      </p>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {props.items.map((prompt) => (
          <li key={prompt.id} className="flex">
            <div className="flex-1">
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
