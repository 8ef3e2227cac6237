import { useSearchParams } from "react-router";
import { type Folder, LibraryProvider, type Tag } from "~/components/organise/library-context.tsx";
import { LibrarySidebar } from "~/components/organise/library-sidebar.tsx";
import { messages } from "../../../shared/messages.ts";
import type { PromptListData } from "../../../shared/prompt.ts";
import type { SessionUser } from "../../../shared/session-user.ts";
import type { TeamSummary } from "../../../shared/teams.ts";
import { personalAbilities } from "./card-abilities.ts";
import { AddPromptButton, LibraryHeader } from "./library-header.tsx";
import { ListControls } from "./list-controls.tsx";
import { OrganisedLibrary } from "./organised-library.tsx";
import { PromptEditor } from "./prompt-editor.tsx";
import { PromptListSection } from "./prompt-list-section.tsx";
import { SidebarDrawer } from "./sidebar-drawer.tsx";
import { useLibraryContext } from "./use-library-context.ts";
import { useLibraryPage } from "./use-library-page.tsx";

/**
 * A view of the person's own library (what they wrote, what they starred) beside their folders
 * and tags: its heading, the form that adds a private prompt (where the view adds), search and
 * order, and the cards, which they may file, tag, edit and delete when the prompt is theirs.
 */
export function OwnLibraryPage(props: {
  data: PromptListData;
  organisers: { folders: Folder[]; tags: Tag[]; teams: TeamSummary[] };
  user: SessionUser;
  text: { heading: string; description: string; listHeading: string; emptyText: string };
  /** Where the view adds prompts: its button, its form's heading, and an empty list's invitation. */
  adds?: { label: string; formHeading: string; emptyInvite: string };
  /** A view with other people's prompts (the starred ones) names who wrote each. */
  showCreator: boolean;
}) {
  const { data, organisers, text, adds } = props;
  const page = useLibraryPage({
    data,
    created: messages.promptAddedPersonal,
    canAdd: adds !== undefined,
    namesLoadErrors: false,
    showCreator: props.showCreator,
    can: (prompt) => personalAbilities(prompt, { isAdmin: props.user.isAdmin, organising: true }),
  });
  const { shown, editor } = page;
  // A folder's view is headed by the folder's name.
  const folderId = useSearchParams()[0].get("folder");
  const folder = organisers.folders.find((candidate) => candidate.id === folderId);
  const sidebar = (
    <LibrarySidebar folders={organisers.folders} tags={organisers.tags} teams={organisers.teams} />
  );
  return (
    <LibraryProvider value={useLibraryContext(organisers)}>
      <OrganisedLibrary sidebar={sidebar}>
        <LibraryHeader
          heading={folder ? folder.name : text.heading}
          description={folder ? `A folder in ${text.heading}.` : text.description}
        >
          <SidebarDrawer title="Folders & tags" description="Filter your library by folder or tag">
            {sidebar}
          </SidebarDrawer>
          {adds ? <AddPromptButton label={adds.label} onClick={editor.add} /> : null}
        </LibraryHeader>
        <ListControls term={data.q} manual />
        <PromptEditor editor={editor} addHeading={adds?.formHeading ?? "Edit Prompt"} />
        <PromptListSection
          heading={text.listHeading}
          data={data}
          list={shown.list}
          card={page.card}
          emptyText={text.emptyText}
          arranges
          emptyAction={
            adds && !editor.open ? { label: adds.emptyInvite, run: editor.add } : undefined
          }
        />
      </OrganisedLibrary>
    </LibraryProvider>
  );
}
