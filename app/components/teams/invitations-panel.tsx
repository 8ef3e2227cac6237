import { useId, useRef, useState } from "react";
import { LocalDate } from "~/components/prompt/local-date.tsx";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { ApiError, api } from "~/lib/api-client.ts";
import { cx } from "~/lib/cx.ts";
import { showNotice } from "~/lib/notify.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import {
  type CreatedInvitation,
  invitationDefaultDays,
  invitationMaxDays,
  invitationMaxUses,
  type TeamInvitation,
  type TeamRole,
  teamRoles,
} from "../../../shared/teams.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { NewInvitationNotice } from "./new-invitation-notice.tsx";
import { aRole, refusalText, roleNames } from "./team-text.ts";
import { useHydrated } from "./use-hydrated.ts";

/**
 * An owner's invitations: make a link (a role, how many may use it, for how many days), shown
 * once to copy; the team's links with their uses, expiry and whether revoked; revoke one.
 */
export function InvitationsPanel(props: { teamId: string }) {
  const [read] = useState(
    () => () =>
      api<{ items: TeamInvitation[] }>("GET", `/api/v1/teams/${props.teamId}/invitations`).then(
        (answer) => answer.items,
      ),
  );
  const { state, reload, setValue } = useApiData(read);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const listRoot = useRef<HTMLDivElement>(null);
  const invitations = state.kind === "ready" ? state.value : [];

  async function revoke(invitation: TeamInvitation): Promise<string | null> {
    try {
      await api("DELETE", `/api/v1/teams/${props.teamId}/invitations/${invitation.id}`);
    } catch (error) {
      // Gone already (another owner, another tab): the list catches up below.
      if (!(error instanceof ApiError && error.status === 404)) {
        return refusalText(error) ?? "The invitation could not be revoked.";
      }
    }
    setValue(
      invitations.map((each) => (each.id === invitation.id ? { ...each, revoked: true } : each)),
    );
    showNotice({
      kind: "success",
      title: "Invitation revoked",
      description: "Nobody can join with its link any more.",
    });
    return null;
  }

  return (
    <div className="space-y-6">
      {created ? (
        <NewInvitationNotice
          key={created.id}
          invitation={created}
          onDone={() => {
            setCreated(null);
            listHeading.current?.focus();
          }}
        />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <NewInvitationForm
          teamId={props.teamId}
          onCreated={(invitation) => {
            setCreated(invitation);
            const { code: _code, url: _url, ...listed } = invitation;
            if (state.kind === "ready") setValue([listed, ...invitations]);
            else void reload();
          }}
        />
        <div ref={listRoot} className="min-w-0">
          <h3
            ref={listHeading}
            tabIndex={-1}
            className="font-semibold text-fg focus-visible:outline-2 focus-visible:outline-focus"
          >
            Invitation links
          </h3>
          {state.kind !== "ready" ? (
            <ApiDataStatus
              state={state}
              what="team's invitations"
              onRetry={() => void reload()}
              className="mt-3"
            />
          ) : invitations.length === 0 ? (
            <p className="mt-3 text-sm text-muted">
              No invitations yet. Make a link and send it to the people you want in the team.
            </p>
          ) : (
            <InvitationList invitations={invitations} onRevoke={setRevoking} />
          )}
        </div>
      </div>
      {revoking ? (
        <ConfirmDialog
          key={revoking.id}
          title="Revoke this invitation?"
          description={`Nobody can join as ${aRole(revoking.role)} with its link any more. Those who joined with it stay.`}
          confirmLabel="Revoke"
          busyLabel="Revoking..."
          onConfirm={() => revoke(revoking)}
          onClosed={() => {
            const id = revoking.id;
            setRevoking(null);
            // Revoked, its row stays (marked so) without its button: focus goes to the list.
            const button = listRoot.current?.querySelector<HTMLElement>(`[data-revoke="${id}"]`);
            (button ?? listHeading.current)?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

/** The role, the number of uses and the days a new invitation link is good for. */
function NewInvitationForm(props: {
  teamId: string;
  onCreated: (invitation: CreatedInvitation) => void;
}) {
  const ids = useId();
  const hydrated = useHydrated();
  const [role, setRole] = useState<TeamRole>("viewer");
  const [uses, setUses] = useState("1");
  const [days, setDays] = useState(String(invitationDefaultDays));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function create() {
    if (busy) return;
    const maxUses = Number(uses);
    const expiresInDays = Number(days);
    if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > invitationMaxUses) {
      return setProblem(`People who may use it: a whole number from 1 to ${invitationMaxUses}.`);
    }
    if (
      !Number.isInteger(expiresInDays) ||
      expiresInDays < 1 ||
      expiresInDays > invitationMaxDays
    ) {
      return setProblem(`Days it works: a whole number from 1 to ${invitationMaxDays}.`);
    }
    setBusy(true);
    setProblem(null);
    try {
      const made = await api<CreatedInvitation>(
        "POST",
        `/api/v1/teams/${props.teamId}/invitations`,
        { role, maxUses, expiresInDays },
      );
      props.onCreated(made);
    } catch (error) {
      setProblem(refusalText(error) ?? "The invitation could not be made. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={`${ids}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
        <h3 id={`${ids}-heading`} className="font-semibold text-fg">
          Invite people
        </h3>
        <div>
          <label htmlFor={`${ids}-role`} className="text-sm font-medium text-fg">
            They join as
          </label>
          <select
            id={`${ids}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value as TeamRole)}
            className={cx(fieldClass, "max-w-48")}
          >
            {teamRoles.map((each) => (
              <option key={each} value={each}>
                {roleNames[each]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap gap-4">
          <div>
            <label htmlFor={`${ids}-uses`} className="text-sm font-medium text-fg">
              People who may use it
            </label>
            <input
              id={`${ids}-uses`}
              type="number"
              inputMode="numeric"
              min={1}
              max={invitationMaxUses}
              value={uses}
              onChange={(event) => setUses(event.target.value)}
              aria-describedby={`${ids}-uses-hint`}
              className={cx(fieldClass, "w-28")}
            />
            <p id={`${ids}-uses-hint`} className="mt-1 text-xs text-muted">
              1 to {invitationMaxUses}
            </p>
          </div>
          <div>
            <label htmlFor={`${ids}-days`} className="text-sm font-medium text-fg">
              Days it works
            </label>
            <input
              id={`${ids}-days`}
              type="number"
              inputMode="numeric"
              min={1}
              max={invitationMaxDays}
              value={days}
              onChange={(event) => setDays(event.target.value)}
              aria-describedby={`${ids}-days-hint`}
              className={cx(fieldClass, "w-28")}
            />
            <p id={`${ids}-days-hint`} className="mt-1 text-xs text-muted">
              1 to {invitationMaxDays}
            </p>
          </div>
        </div>
        {problem ? (
          <p
            role="alert"
            className="rounded-lg bg-danger-soft p-3 text-sm text-danger-text ring-1 ring-danger-line"
          >
            {problem}
          </p>
        ) : null}
        <Button type="submit" aria-busy={busy || undefined} disabled={busy}>
          {busy ? "Making the link..." : "Make invitation link"}
        </Button>
      </fieldset>
    </form>
  );
}

/** What became of an invitation: usable still, or why not. */
function standing(invitation: TeamInvitation, now: number) {
  if (invitation.revoked) return "Revoked";
  if (new Date(invitation.expiresAt).getTime() <= now) return "Expired";
  if (invitation.uses >= invitation.maxUses) return "Used up";
  return null;
}

/** The team's invitations, newest first: role, uses, expiry, and Revoke while still usable. */
function InvitationList(props: {
  invitations: TeamInvitation[];
  onRevoke: (invitation: TeamInvitation) => void;
}) {
  const now = Date.now();
  return (
    <ul className="mt-3 divide-y divide-line rounded-xl bg-surface ring-1 ring-line">
      {props.invitations.map((invitation) => {
        const done = standing(invitation, now);
        return (
          <li
            key={invitation.id}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                {roleNames[invitation.role]}
                {done ? (
                  <span className="card-badge mt-0 bg-subtle text-muted">{done}</span>
                ) : (
                  <span className="card-badge mt-0 bg-success-soft text-success-text">Active</span>
                )}
              </p>
              <p className="mt-1 text-sm text-muted">
                {invitation.uses} of {invitation.maxUses} used ·{" "}
                {done === "Expired" ? "Expired" : "Expires"}{" "}
                <LocalDate value={invitation.expiresAt} />
              </p>
              <p className="mt-1 text-sm break-words text-muted">
                Made by{" "}
                {invitation.createdBy
                  ? (invitation.createdBy.name ?? "an owner")
                  : "a former member"}{" "}
                on <LocalDate value={invitation.createdAt} />
              </p>
            </div>
            {done ? null : (
              <Button
                variant="secondary"
                size="sm"
                className="self-start sm:self-center"
                aria-haspopup="dialog"
                aria-label={`Revoke the ${invitation.role} invitation (${invitation.uses} of ${invitation.maxUses} used)`}
                data-revoke={invitation.id}
                onClick={() => props.onRevoke(invitation)}
              >
                Revoke
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
