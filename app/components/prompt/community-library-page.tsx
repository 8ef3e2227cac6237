import { LibraryProvider } from "~/components/organise/library-context.tsx";
import { emptyStates, messages } from "../../../shared/messages.ts";
import type { Prompt, PromptListData } from "../../../shared/prompt.ts";
import type { SessionUser } from "../../../shared/session-user.ts";
import { personalAbilities } from "./card-abilities.ts";
import type { Highlights } from "./community-highlights.tsx";
import { AddPromptButton, LibraryHeader } from "./library-header.tsx";
import { LibraryHighlights } from "./library-highlights.tsx";
import { ListControls } from "./list-controls.tsx";
import { PromptEditor } from "./prompt-editor.tsx";
import { PromptListSection } from "./prompt-list-section.tsx";
import { useCommunityLive } from "./use-community-live.ts";
import { useLibraryContext } from "./use-library-context.ts";
import { useLibraryPage } from "./use-library-page.tsx";

/**
 * A list of the community's shared prompts (all of them, or a topic's), kept current as people
 * share, edit and delete: its heading, the form that shares a prompt (under the topic, on a
 * topic's page), search and order, the highlights where the page has them, and the cards.
 */
export function CommunityLibraryPage(props: {
  data: PromptListData;
  user: SessionUser;
  text: { heading: string; description: string; addLabel: string; formHeading: string };
  listHeading?: string;
  highlights?: Highlights<Prompt>;
  /** A topic's page: its list, and what its form shares, are the topic's. */
  topic?: { category: string };
}) {
  const { data, text, topic } = props;
  const page = useLibraryPage({
    data,
    highlights: props.highlights,
    created: messages.promptShared,
    canAdd: true,
    namesLoadErrors: true,
    showCreator: true,
    can: (prompt) => personalAbilities(prompt, { isAdmin: props.user.isAdmin, organising: false }),
  });
  const { shown, editor } = page;
  useCommunityLive(shown, { term: data.q, category: topic?.category });
  const highlights = data.q ? undefined : shown.highlights.shown;
  // Each prompt once: those the highlights show above are not listed again below them. When
  // they show all the list holds, the list stands aside, unless it has more to load.
  const unhighlighted = highlights
    ? shown.list.items.filter((prompt) => !shown.highlights.shows(prompt.id))
    : shown.list.items;
  const list = { ...shown.list, items: unhighlighted };
  const allShownAbove =
    unhighlighted.length === 0 && shown.list.items.length > 0 && !shown.list.hasMore;
  return (
    <LibraryProvider value={useLibraryContext()}>
      <LibraryHeader heading={text.heading} description={text.description}>
        {/* Share stands aside while its form is open. */}
        {editor.open ? null : <AddPromptButton label={text.addLabel} onClick={editor.add} />}
      </LibraryHeader>
      <ListControls term={data.q} />
      <PromptEditor
        editor={editor}
        addHeading={text.formHeading}
        defaultUseCase={topic?.category}
        sharesNew
      />
      {highlights ? (
        <LibraryHighlights highlights={highlights} card={(prompt) => page.card(prompt, "")} />
      ) : null}
      {allShownAbove ? null : (
        <PromptListSection
          heading={props.listHeading ?? "Prompts"}
          data={data}
          list={list}
          card={page.card}
          emptyText={emptyStates.community}
          emptyAction={
            editor.open ? undefined : { label: "Share the first prompt", run: editor.add }
          }
        />
      )}
    </LibraryProvider>
  );
}
