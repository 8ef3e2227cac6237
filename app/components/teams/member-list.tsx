import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import { type TeamMember, type TeamRole, teamRoles } from "../../../shared/teams.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import {
  aRole,
  lastOwnerText,
  memberName,
  needsOwner,
  refusalText,
  roleAbilities,
  roleNames,
  teamFailure,
} from "./team-text.ts";

const menuPanel = "z-50 min-w-56 rounded-xl bg-surface p-1.5 shadow-lg ring-1 ring-line";
const menuItem =
  "flex cursor-pointer items-start gap-2 rounded-md px-3 py-2 text-sm text-fg-soft outline-none data-[highlighted]:bg-subtle";

/**
 * A team's members, owners first: each one's name, email and role. Owners change roles and
 * remove members; everyone may leave (the last owner is told why not). The list is read from the
 * API, as the settings panels read theirs.
 */
export function MemberList(props: {
  team: { id: string; name: string; role: TeamRole };
  me: string;
  /** The team as the page shows it changed (the person's own role): the page reads it again. */
  onTeamChanged: () => void;
}) {
  const { team } = props;
  const navigate = useNavigate();
  const read = useTeamRead(team.id);
  const { state, reload, setValue } = useApiData(read);
  const [asking, setAsking] = useState<{ kind: "remove" | "leave"; member: TeamMember } | null>(
    null,
  );
  const [changing, setChanging] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const owner = team.role === "owner";
  const members = state.kind === "ready" ? state.value : [];

  async function changeRole(member: TeamMember, role: TeamRole) {
    if (role === member.role || changing) return;
    setChanging(member.userId);
    try {
      const changed = await api<TeamMember>(
        "PATCH",
        `/api/v1/teams/${team.id}/members/${member.userId}`,
        { role },
      );
      setValue(members.map((each) => (each.userId === changed.userId ? changed : each)));
      showNotice({
        kind: "success",
        title: "Role changed",
        description: `${memberName(member)} is now ${aRole(role)}.`,
      });
      if (member.userId === props.me) props.onTeamChanged();
    } catch (error) {
      showNotice(
        needsOwner(error)
          ? {
              kind: "error",
              title: "Error",
              description: "A team needs an owner: make someone else owner first.",
            }
          : teamFailure(error, "The role could not be changed. Please try again."),
      );
    } finally {
      setChanging(null);
    }
  }

  async function remove(member: TeamMember): Promise<string | null> {
    const leaving = member.userId === props.me;
    try {
      await api("DELETE", `/api/v1/teams/${team.id}/members/${member.userId}`);
    } catch (error) {
      if (needsOwner(error)) return lastOwnerText;
      return (
        refusalText(error) ??
        (leaving ? "You could not leave the team." : "The member could not be removed.")
      );
    }
    if (leaving) {
      showNotice({ kind: "success", title: "You left the team", description: `"${team.name}"` });
      await navigate("/teams");
      return null;
    }
    setValue(members.filter((each) => each.userId !== member.userId));
    showNotice({
      kind: "success",
      title: "Member removed",
      description: `${memberName(member)} is no longer in "${team.name}".`,
    });
    return null;
  }

  return (
    <div ref={root} className="min-w-0">
      <h2
        ref={heading}
        tabIndex={-1}
        id="members-heading"
        className="text-xl font-semibold text-fg focus-visible:outline-2 focus-visible:outline-focus"
      >
        Members{" "}
        {state.kind === "ready" ? (
          <span className="text-sm font-normal text-muted">({members.length})</span>
        ) : null}
      </h2>
      {owner ? null : (
        <p className="mt-1 text-sm text-muted">
          Only the team's owners can invite people, change roles or remove members.
        </p>
      )}
      {state.kind !== "ready" ? (
        <ApiDataStatus
          state={state}
          what="team's members"
          onRetry={() => void reload()}
          className="mt-3"
        />
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-xl bg-surface ring-1 ring-line">
          {members.map((member) => {
            const you = member.userId === props.me;
            const name = memberName(member);
            return (
              <li
                key={member.userId}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-semibold wrap-anywhere text-fg">
                    {name}
                    {you ? <span className="font-normal text-muted"> (you)</span> : null}
                  </p>
                  <p className="text-sm wrap-anywhere text-muted">{member.email}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {owner ? (
                    <RoleMenu
                      member={member}
                      name={you ? "yourself" : name}
                      busy={changing === member.userId}
                      onChange={(role) => void changeRole(member, role)}
                    />
                  ) : (
                    <span className="card-badge mt-0 bg-subtle text-fg-soft">
                      <span className="sr-only">Role: </span>
                      {roleNames[member.role]}
                    </span>
                  )}
                  {you ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-haspopup="dialog"
                      data-member={member.userId}
                      onClick={() => setAsking({ kind: "leave", member })}
                    >
                      <Icon name="log-out" className="h-4 w-4" /> Leave team
                    </Button>
                  ) : owner ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Remove ${name}`}
                      aria-haspopup="dialog"
                      data-member={member.userId}
                      onClick={() => setAsking({ kind: "remove", member })}
                    >
                      Remove
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {asking ? (
        <ConfirmDialog
          key={`${asking.kind}-${asking.member.userId}`}
          title={
            asking.kind === "leave"
              ? `Leave "${team.name}"?`
              : `Remove ${memberName(asking.member)} from "${team.name}"?`
          }
          description={
            asking.kind === "leave"
              ? "You lose the team's prompts at once. To come back, you need a new invitation."
              : "They lose the team's prompts at once. The prompts they wrote stay the team's."
          }
          confirmLabel={asking.kind === "leave" ? "Leave team" : "Remove"}
          busyLabel={asking.kind === "leave" ? "Leaving..." : "Removing..."}
          onConfirm={() => remove(asking.member)}
          onClosed={(done) => {
            const { member } = asking;
            setAsking(null);
            if (done && member.userId === props.me) return;
            const button = done
              ? null
              : root.current?.querySelector<HTMLElement>(`[data-member="${member.userId}"]`);
            (button ?? heading.current)?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

/** The members' reader for a team, kept while the team stays the same (useApiData asks so). */
function useTeamRead(teamId: string) {
  const [read] = useState(
    () => () =>
      api<{ items: TeamMember[] }>("GET", `/api/v1/teams/${teamId}/members`).then(
        (answer) => answer.items,
      ),
  );
  return read;
}

/** An owner's choice of a member's role: a menu of the three, the current one checked. */
function RoleMenu(props: {
  member: TeamMember;
  name: string;
  busy: boolean;
  onChange: (role: TeamRole) => void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Role of ${props.name}: ${roleNames[props.member.role]}. Change role`}
        aria-busy={props.busy || undefined}
        disabled={props.busy}
        className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-surface px-3 text-sm font-medium text-fg ring-1 ring-line-strong hover:bg-canvas focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-60"
      >
        {roleNames[props.member.role]}
        <Icon name={props.busy ? "loader" : "chevron-down"} className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuPanel}>
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-faint">
            Role of {props.name}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={props.member.role}
            onValueChange={(value) => props.onChange(value as TeamRole)}
          >
            {teamRoles.map((role) => (
              <DropdownMenu.RadioItem key={role} value={role} className={menuItem}>
                <span className="mt-0.5 h-4 w-4 shrink-0">
                  <DropdownMenu.ItemIndicator>
                    <Icon name="check" className="h-4 w-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span>
                  <span className="block font-medium text-fg">{roleNames[role]}</span>
                  <span className="block max-w-64 text-xs text-muted">
                    May {roleAbilities[role]}
                  </span>
                </span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
