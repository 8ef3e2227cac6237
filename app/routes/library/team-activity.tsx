import { ActivityLog } from "~/components/teams/activity-log.tsx";
import { TeamHeader } from "~/components/teams/team-header.tsx";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/team-activity";
import { loadTeamHeading } from "./team-page.server.ts";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({
    origin: originFrom(matches),
    path: location.pathname,
    title: `Activity of ${loaderData?.team.name ?? "a team"} | PromptShelf`,
    description: "What happened in the team, newest first.",
    noindex: true,
  });

/** Anyone not in the team finds nothing here (404), as the API answers them. */
export const loader = ({ params, context }: Route.LoaderArgs) =>
  loadTeamHeading(context, params.teamId);

export default function TeamActivity({ loaderData }: Route.ComponentProps) {
  const { team } = loaderData;
  const owner = team.role === "owner";
  return (
    <div className="space-y-6">
      <TeamHeader team={team} page="Activity" />
      <section aria-labelledby="activity-heading" className="max-w-3xl space-y-3">
        <div>
          <h2 id="activity-heading" className="text-xl font-semibold text-fg">
            Activity
          </h2>
          <p className="mt-1 text-sm text-muted">
            {owner
              ? "Everything that happened in the team in the last year, newest first."
              : "What happened to the team's prompts in the last year, newest first. Its owners also see who joined, left or changed role."}
          </p>
        </div>
        <ActivityLog key={team.id} teamId={team.id} owner={owner} />
      </section>
    </div>
  );
}
