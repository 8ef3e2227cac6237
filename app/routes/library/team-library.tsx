import { TeamLibraryPage } from "~/components/prompt/team-library-page.tsx";
import { skipRevalidationAfterFailure } from "~/lib/prompt-actions.ts";
import { promptClientAction } from "~/lib/prompt-route-actions.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { handlePromptAction, loadTeamLibrary } from "~/routes/prompt-route.server.ts";
import type { Route } from "./+types/team-library";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({
    origin: originFrom(matches),
    path: location.pathname,
    title: `${loaderData?.team.name ?? "Team"} | PromptShelf`,
    description: "A team's shared library of AI prompts.",
    noindex: true,
  });

export const loader = (args: Route.LoaderArgs) => loadTeamLibrary(args, args.params.teamId);

export const action = (args: Route.ActionArgs) =>
  handlePromptAction(args, { shared: false, teamId: args.params.teamId, sharesWhenAsked: true });

export const clientAction = promptClientAction;

export const shouldRevalidate = skipRevalidationAfterFailure;

export default function TeamLibrary({ loaderData }: Route.ComponentProps) {
  return (
    <TeamLibraryPage data={loaderData} team={loaderData.team} teams={loaderData.organisers.teams} />
  );
}
