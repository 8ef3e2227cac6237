import type { ReactNode } from "react";
import type { Prompt, PromptListData } from "../../../shared/prompt.ts";
import { PromptList } from "./prompt-list.tsx";
import type { ShownPrompts } from "./use-shown-prompts.ts";

/**
 * A library's list under its heading: its cards, Load more, or what an empty list says and
 * invites the person to do.
 */
export function PromptListSection(props: {
  heading: string;
  data: PromptListData;
  list: ShownPrompts["list"];
  card: (prompt: Prompt) => ReactNode;
  emptyText: string;
  emptyAction?: { label: string; run: () => void };
  /** A library whose manual order the person may change: their own, or a team's they edit. */
  arranges?: boolean;
}) {
  const { list } = props;
  return (
    <section aria-labelledby="prompt-list-heading">
      <h2 id="prompt-list-heading" className="mb-4 text-xl font-semibold text-fg">
        {props.heading}
      </h2>
      <PromptList
        items={list.items}
        term={props.data.q}
        emptyText={props.emptyText}
        loadFailed={props.data.loadError !== null}
        card={props.card}
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        onLoadMore={list.loadMore}
        emptyAction={props.emptyAction}
        arranges={props.arranges}
      />
    </section>
  );
}
