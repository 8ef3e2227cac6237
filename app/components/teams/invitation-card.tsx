import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { Button, buttonClasses } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { ApiError, api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import type { TeamRole } from "../../../shared/teams.ts";
import { aRole, refusalText, roleAbilities } from "./team-text.ts";

/** What an invitation's link offers, or that it can no longer be used. */
type Offer = { usable: true; teamId: string; teamName: string; role: TeamRole } | { usable: false };

const unusable = (error: unknown) =>
  error instanceof ApiError && error.status === 404 && error.detail === "invitation_not_found";

const card = "mx-auto max-w-lg rounded-2xl bg-surface p-6 shadow-sm ring-1 ring-line sm:p-8";

/**
 * An invitation's page, signed in: the team and the role it offers, and Accept, which joins and
 * goes to the team's library. A link expired, used up or revoked says so.
 */
export function InvitationCard(props: { code: string }) {
  const navigate = useNavigate();
  const [read] = useState(() => async (): Promise<Offer> => {
    try {
      const offer = await api<{ teamId: string; teamName: string; role: TeamRole }>(
        "GET",
        `/api/v1/invitations/${encodeURIComponent(props.code)}`,
      );
      return { usable: true, ...offer };
    } catch (error) {
      if (unusable(error)) return { usable: false };
      throw error;
    }
  });
  const { state, reload, setValue } = useApiData(read);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function accept(offer: Extract<Offer, { usable: true }>) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const joined = await api<{ teamId: string; role: TeamRole }>(
        "POST",
        `/api/v1/invitations/${encodeURIComponent(props.code)}/accept`,
      );
      showNotice({
        kind: "success",
        title: `You joined "${offer.teamName}"`,
        description: `As ${aRole(joined.role)}.`,
      });
      await navigate(`/teams/${joined.teamId}`);
    } catch (error) {
      setBusy(false);
      // Used up or revoked while the page was open.
      if (unusable(error)) return setValue({ usable: false });
      setProblem(refusalText(error) ?? "You could not join the team. Please try again.");
    }
  }

  if (state.kind !== "ready") {
    return (
      <div className={card}>
        <h1 className="text-2xl font-bold text-fg">Team invitation</h1>
        <ApiDataStatus
          state={state}
          what="invitation"
          onRetry={() => void reload()}
          className="mt-4"
        />
      </div>
    );
  }
  const offer = state.value;
  if (!offer.usable) {
    return (
      <div className={card}>
        <h1 className="text-2xl font-bold text-fg">This invitation can't be used</h1>
        <p className="mt-3 text-fg-soft">
          It has expired, been used by as many people as it allowed, or been revoked. Ask the team's
          owner for a new link.
        </p>
        <Link to="/teams" className={`${buttonClasses("secondary")} mt-6`}>
          Go to your teams
        </Link>
      </div>
    );
  }
  return (
    <div className={card}>
      <p className="text-sm font-medium text-muted">Team invitation</p>
      <h1 className="mt-1 text-2xl font-bold wrap-anywhere text-fg">Join “{offer.teamName}”</h1>
      <p className="mt-3 text-fg-soft">
        You are invited as {aRole(offer.role)}: you may {roleAbilities[offer.role]}.
      </p>
      {problem ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-danger-soft p-3 text-sm text-danger-text ring-1 ring-danger-line"
        >
          {problem}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button aria-busy={busy || undefined} disabled={busy} onClick={() => void accept(offer)}>
          {busy ? <Icon name="loader" className="h-4 w-4 animate-spin" /> : null}
          {busy ? "Joining..." : "Accept and join"}
        </Button>
        <Link to="/dashboard" className={buttonClasses("secondary")}>
          Not now
        </Link>
      </div>
    </div>
  );
}
