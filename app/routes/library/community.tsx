import { CommunityLibraryPage } from "~/components/prompt/community-library-page.tsx";
import { skipRevalidationAfterFailure } from "~/lib/prompt-actions.ts";
import { promptClientAction } from "~/lib/prompt-route-actions.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import { handlePromptAction, loadPromptList } from "~/routes/prompt-route.server.ts";
import type { Route } from "./+types/community";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/community",
    title: "Community Prompts | PromptShelf",
    description: "Add prompts to the PromptShelf community and edit the ones you shared.",
    noindex: true,
  });

export const loader = (args: Route.LoaderArgs) => loadPromptList(args, { scope: "community" });

export const action = (args: Route.ActionArgs) => handlePromptAction(args, { shared: true });

export const clientAction = promptClientAction;

export const shouldRevalidate = skipRevalidationAfterFailure;

export default function Community({ loaderData }: Route.ComponentProps) {
  return (
    <CommunityLibraryPage
      data={loaderData}
      user={useSignedInUser()}
      text={{
        heading: "Community Prompts",
        description: "Everything the community has shared. Edit the prompts you added.",
        addLabel: "Add Prompt",
        formHeading: "Add a community prompt",
      }}
    />
  );
}
