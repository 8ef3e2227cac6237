import { useEffect, useState } from "react";
import { Link } from "react-router";
import { LibraryProvider } from "~/components/organise/library-context.tsx";
import { SidebarTeams } from "~/components/organise/sidebar-teams.tsx";
import { Button, buttonClasses } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { messages } from "../../../shared/messages.ts";
import type { PromptListData } from "../../../shared/prompt.ts";
import { roleAtLeast, type TeamSummary } from "../../../shared/teams.ts";
import { teamAbilities } from "./card-abilities.ts";
import { AddPromptButton, LibraryHeader } from "./library-header.tsx";
import { ListControls } from "./list-controls.tsx";
import { OrganisedLibrary } from "./organised-library.tsx";
import { PromptEditor } from "./prompt-editor.tsx";
import { PromptListSection } from "./prompt-list-section.tsx";
import { SidebarDrawer } from "./sidebar-drawer.tsx";
import { TeamDataDialog } from "./team-data-dialog.tsx";
import { useLibraryContext } from "./use-library-context.ts";
import { useLibraryPage } from "./use-library-page.tsx";

const roleText = {
  viewer: "You can read, copy and use its prompts, and keep a copy in your own library.",
  editor: "You can add, edit and delete its prompts, and share them with the community.",
  owner: "You own it: you also manage its members and invitations.",
} as const;

/**
 * A team's library: its prompts, searched and ordered as one's own are, which its editors and
 * owners add to and change, beside the switcher to the person's other libraries.
 */
export function TeamLibraryPage(props: {
  data: PromptListData;
  team: TeamSummary;
  teams: TeamSummary[];
}) {
  const { data, team } = props;
  const writes = roleAtLeast(team.role, "editor");
  /** Whether the form open adds a prompt shared with the community as well as the team's. */
  const [sharesNew, setSharesNew] = useState(false);
  const page = useLibraryPage({
    data,
    created: sharesNew ? messages.promptShared : messages.promptAddedToTeam,
    canAdd: writes,
    namesLoadErrors: false,
    showCreator: true,
    can: (prompt) => teamAbilities(prompt, team.role),
  });
  const { shown, editor } = page;
  // A form opened another way (the New prompt key) adds to the team alone.
  useEffect(() => {
    if (!editor.open) setSharesNew(false);
  }, [editor.open]);
  const sidebar = <SidebarTeams teams={props.teams} showOwn />;
  const members = `${team.memberCount} ${team.memberCount === 1 ? "member" : "members"}`;
  return (
    <LibraryProvider value={useLibraryContext()}>
      <OrganisedLibrary sidebar={sidebar}>
        <LibraryHeader heading={team.name} description={`${members}. ${roleText[team.role]}`}>
          <SidebarDrawer title="Libraries" description="Switch to another of your libraries">
            {sidebar}
          </SidebarDrawer>
          <Link to={`/teams/${team.id}/members`} className={buttonClasses("secondary")}>
            <Icon name="users" className="h-4 w-4" /> Members
          </Link>
          <TeamDataDialog team={team} />
          {writes && !editor.open ? (
            <>
              <Button
                variant="secondary"
                onClick={() => {
                  setSharesNew(true);
                  editor.add();
                }}
              >
                Share Prompt
              </Button>
              <AddPromptButton
                label="Add Prompt"
                onClick={() => {
                  setSharesNew(false);
                  editor.add();
                }}
              />
            </>
          ) : null}
        </LibraryHeader>
        <ListControls term={data.q} manual />
        <PromptEditor
          editor={editor}
          addHeading={
            sharesNew
              ? `Share a prompt from ${team.name} with the community`
              : `Add a prompt to ${team.name}`
          }
          sharesNew={sharesNew}
        />
        <PromptListSection
          heading="Team prompts"
          data={data}
          list={shown.list}
          card={page.card}
          arranges={writes}
          emptyText={
            writes
              ? "No prompts in this team yet. Add one, or move one of yours here from its card."
              : "No prompts in this team yet. Its editors add them."
          }
          emptyAction={
            writes && !editor.open ? { label: "Add the first prompt", run: editor.add } : undefined
          }
        />
      </OrganisedLibrary>
    </LibraryProvider>
  );
}
