import { useLocation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { emptyStates } from "../../../shared/messages.ts";

/**
 * What an empty list says: no match for the search, nothing in the folder or tag chosen, or the
 * page's own words, with its invitation (the page's Add or Share) when nothing narrows the list.
 */
export function EmptyList(props: {
  term: string;
  emptyText: string;
  emptyAction?: { label: string; run: () => void };
}) {
  const params = new URLSearchParams(useLocation().search);
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
