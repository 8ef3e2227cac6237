import { TeamMembersPage } from "~/components/teams/team-members-page.tsx";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/team-members";
import { loadTeamHeading } from "./team-page.server.ts";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({
    origin: originFrom(matches),
    path: location.pathname,
    title: `Members of ${loaderData?.team.name ?? "a team"} | PromptShelf`,
    description: "Who is in the team and their roles; its owners' invitations.",
    noindex: true,
  });

/** Anyone not in the team finds nothing here (404), as the API answers them. */
export const loader = ({ params, context }: Route.LoaderArgs) =>
  loadTeamHeading(context, params.teamId);

export default function TeamMembers({ loaderData }: Route.ComponentProps) {
  return <TeamMembersPage team={loaderData.team} />;
}
