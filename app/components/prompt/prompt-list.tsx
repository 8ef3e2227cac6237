import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import type { Prompt } from "../../../shared/prompt.ts";
import { EmptyList } from "./empty-list.tsx";
import { useManualOrder } from "./use-manual-order.ts";

/**
 * The list's states: empty, no match for the search, and the grid of cards (each as the page
 * draws it). While a new search or order loads, the cards on screen stay (dimmed and marked
 * busy) until the new ones arrive.
 */
export function PromptList(props: {
  items: Prompt[];
  term: string;
  emptyText: string;
  loadFailed: boolean;
  card: (prompt: Prompt) => ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** What an empty list invites the person to do (the page's Add or Share). */
  emptyAction?: { label: string; run: () => void };
  /**
   * A library whose manual order the person may change (their own, a team's they edit): in that
   * order, cards move by Alt+↑/↓ and by dragging.
   */
  arranges?: boolean;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const manual =
    props.arranges === true && new URLSearchParams(location.search).get("sort") === "manual";
  const order = useManualOrder(props.items, manual);
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
    return (
      <EmptyList term={props.term} emptyText={props.emptyText} emptyAction={props.emptyAction} />
    );
  }
  return (
    <>
      <ul
        aria-busy={loading || undefined}
        // As many columns as fit at 22rem or more each (one on a phone), so a card keeps room for
        // its text and actions however wide the list is.
        className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,22rem),1fr))] gap-4 transition-opacity aria-busy:opacity-60"
      >
        {props.items.map((prompt) => (
          <li
            key={prompt.id}
            data-prompt-id={prompt.id}
            className="flex min-w-0"
            onKeyDown={order.keyDown(prompt)}
            onDragOver={order.dragOver}
            onDrop={order.drop(prompt)}
          >
            <div className="min-w-0 flex-1">{props.card(prompt)}</div>
          </li>
        ))}
      </ul>
      {manual ? (
        <p role="status" className="sr-only">
          {order.announcement}
        </p>
      ) : null}
      {props.hasMore ? <LoadMore busy={props.loadingMore} onClick={props.onLoadMore} /> : null}
    </>
  );
}

/** The next page of the list, Loading... while it comes. */
function LoadMore(props: { busy: boolean; onClick: () => void }) {
  return (
    <div className="mt-8 flex justify-center">
      <Button variant="secondary" onClick={props.onClick} disabled={props.busy}>
        {props.busy ? "Loading..." : "Load more"}
      </Button>
    </div>
  );
}
