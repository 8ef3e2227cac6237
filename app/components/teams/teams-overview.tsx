import { Link } from "react-router";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { api } from "~/lib/api-client.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import type { TeamSummary } from "../../../shared/teams.ts";
import { NewTeamForm } from "./new-team-form.tsx";
import { memberCount, roleNames } from "./team-text.ts";

const readTeams = async () => (await api<{ items: TeamSummary[] }>("GET", "/api/v1/teams")).items;

const smallLink =
  "rounded-md px-2 py-1 text-sm font-medium text-accent-text underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus";

/** The person's teams, each with their role, its size and its pages; and a new team's form. */
export function TeamsOverview() {
  const { state, reload } = useApiData(readTeams);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="your-teams-heading" className="min-w-0">
        <h2 id="your-teams-heading" className="text-lg font-semibold text-fg">
          Your teams
        </h2>
        {state.kind !== "ready" ? (
          <ApiDataStatus
            state={state}
            what="teams"
            onRetry={() => void reload()}
            className="mt-3"
          />
        ) : state.value.length === 0 ? (
          <div className="mt-3 space-y-2 rounded-xl border-2 border-dashed border-line p-6 text-sm text-muted">
            <p className="font-medium text-fg">You are not in a team yet.</p>
            <p>
              A team is a library of prompts you share with a group: a class, a department, a lab.
              Viewers read and use its prompts, editors also write them, and owners invite people
              and manage the team.
            </p>
            <p>
              Create one with the form here, then invite people with a link from its Members page.
              Sent a link yourself? Open it to join.
            </p>
          </div>
        ) : (
          <ul className="mt-3 space-y-3">
            {state.value.map((team) => (
              <li
                key={team.id}
                className="flex flex-col gap-2 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-line sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <h3 className="font-semibold wrap-anywhere text-fg">
                    <Link
                      to={`/teams/${team.id}`}
                      className="underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
                    >
                      {team.name}
                    </Link>
                  </h3>
                  <p className="mt-1 text-sm text-muted">
                    <span className="sr-only">Your role: </span>
                    {roleNames[team.role]} · {memberCount(team.memberCount)}
                  </p>
                </div>
                <div className="-ml-2 flex flex-wrap gap-1 sm:ml-0">
                  <Link
                    to={`/teams/${team.id}/members`}
                    aria-label={`Members of ${team.name}`}
                    className={smallLink}
                  >
                    Members
                  </Link>
                  <Link
                    to={`/teams/${team.id}/activity`}
                    aria-label={`Activity of ${team.name}`}
                    className={smallLink}
                  >
                    Activity
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section
        aria-labelledby="new-team-heading"
        className="self-start rounded-xl bg-surface p-6 shadow-sm ring-1 ring-line"
      >
        <h2 id="new-team-heading" className="mb-4 text-lg font-semibold text-fg">
          New team
        </h2>
        <NewTeamForm />
      </section>
    </div>
  );
}
