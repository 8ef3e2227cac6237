import { useEffect, useState } from "react";
import { LocalDate } from "~/components/prompt/local-date.tsx";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import type { TeamActivityEntry, TeamMember } from "../../../shared/teams.ts";
import { activitySentence } from "./activity-sentence.ts";
import { memberName, teamFailure } from "./team-text.ts";

interface ActivityPage {
  items: TeamActivityEntry[];
  nextCursor: string | null;
}

const readPage = (teamId: string, cursor: string | null) =>
  api<ActivityPage>(
    "GET",
    `/api/v1/teams/${teamId}/activity${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
  );

/**
 * A team's log, newest first, a page at a time ("Load more" follows the cursor), each entry a
 * sentence with its date. Owners read all of it; other members what happened to prompts.
 */
export function ActivityLog(props: { teamId: string; owner: boolean }) {
  const [read] = useState(() => () => readPage(props.teamId, null));
  const { state, reload, setValue } = useApiData(read);
  const [more, setMore] = useState(false);
  const names = useMemberNames(props.teamId);
  const nameOf = (userId: string) => names.get(userId);

  async function loadMore() {
    if (state.kind !== "ready" || !state.value.nextCursor || more) return;
    setMore(true);
    try {
      const next = await readPage(props.teamId, state.value.nextCursor);
      setValue({ items: [...state.value.items, ...next.items], nextCursor: next.nextCursor });
    } catch (error) {
      showNotice(teamFailure(error, "More of the activity could not be loaded. Please try again."));
    } finally {
      setMore(false);
    }
  }

  if (state.kind !== "ready") {
    return <ApiDataStatus state={state} what="team's activity" onRetry={() => void reload()} />;
  }
  const { items, nextCursor } = state.value;
  if (items.length === 0) {
    return (
      <p className="rounded-xl border-2 border-dashed border-line p-6 text-center text-sm text-muted">
        Nothing has happened here yet.{" "}
        {props.owner
          ? "Members joining and leaving, role changes, invitations and changes to the team's prompts will show here."
          : "Prompts created, edited, moved in, restored or deleted in the team will show here."}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <ol className="divide-y divide-line rounded-xl bg-surface ring-1 ring-line">
        {items.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-0.5 px-4 py-3">
            <p className="wrap-anywhere text-fg">{activitySentence(entry, nameOf)}</p>
            <p className="text-sm text-muted">
              <LocalDate value={entry.at} />
            </p>
          </li>
        ))}
      </ol>
      {nextCursor ? (
        <Button
          variant="secondary"
          aria-busy={more || undefined}
          disabled={more}
          onClick={() => void loadMore()}
        >
          {more ? <Icon name="loader" className="h-4 w-4 animate-spin" /> : null}
          {more ? "Loading..." : "Load more"}
        </Button>
      ) : (
        <p className="text-sm text-muted">That is everything from the last year.</p>
      )}
    </div>
  );
}

/**
 * The team's members by id, to name the people an entry mentions (the log names only who
 * acted). Best effort: without it, they read as "a former member" or "A member".
 */
function useMemberNames(teamId: string) {
  const [names, setNames] = useState<Map<string, string>>(() => new Map());
  useEffect(() => {
    const controller = new AbortController();
    api<{ items: TeamMember[] }>("GET", `/api/v1/teams/${teamId}/members`, undefined, {
      signal: controller.signal,
    })
      .then((answer) =>
        setNames(new Map(answer.items.map((member) => [member.userId, memberName(member)]))),
      )
      .catch(() => {});
    return () => controller.abort();
  }, [teamId]);
  return names;
}
