import { useRevalidator } from "react-router";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import type { TeamRole } from "../../../shared/teams.ts";
import { InvitationsPanel } from "./invitations-panel.tsx";
import { MemberList } from "./member-list.tsx";
import { TeamHeader } from "./team-header.tsx";
import { TeamSettingsPanel } from "./team-settings-panel.tsx";

const panel = "rounded-xl bg-surface p-4 shadow-sm ring-1 ring-line sm:p-6";

/**
 * A team's members page: who is in it, and for its owners, invitations and the team itself
 * (rename, delete). Anyone may leave from here.
 */
export function TeamMembersPage(props: { team: { id: string; name: string; role: TeamRole } }) {
  const { team } = props;
  const me = useSignedInUser();
  const revalidator = useRevalidator();
  const owner = team.role === "owner";
  const reread = () => void revalidator.revalidate();
  return (
    <div className="space-y-6">
      <TeamHeader team={team} page="Members" />
      <section aria-labelledby="members-heading">
        {/* Keyed by team and role: another team's page, or a demoted owner's, reads its list
            afresh (without the owner's controls). */}
        <MemberList key={`${team.id} ${team.role}`} team={team} me={me.id} onTeamChanged={reread} />
      </section>
      {owner ? (
        <>
          <section aria-labelledby="invitations-heading" className={panel}>
            <h2 id="invitations-heading" className="mb-4 text-xl font-semibold text-fg">
              Invitations
            </h2>
            <InvitationsPanel key={team.id} teamId={team.id} />
          </section>
          <section aria-labelledby="team-settings-heading" className={panel}>
            <h2 id="team-settings-heading" className="mb-4 text-xl font-semibold text-fg">
              Team
            </h2>
            <TeamSettingsPanel key={`${team.id} ${team.name}`} team={team} onRenamed={reread} />
          </section>
        </>
      ) : null}
    </div>
  );
}
