import { LibraryPage } from "~/components/prompt/library-page.tsx";
import { skipRevalidationAfterFailure } from "~/lib/prompt-actions.ts";
import { promptClientAction } from "~/lib/prompt-route-actions.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import { handlePromptAction, loadPromptList } from "~/routes/prompt-route.server.ts";
import { emptyStates, messages } from "../../../shared/messages.ts";
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
    <LibraryPage
      data={loaderData}
      live={{}}
      user={useSignedInUser()}
      config={{
        heading: "Community Prompts",
        description: "Everything the community has shared. Edit the prompts you added.",
        addLabel: "Add Prompt",
        formHeading: "Add a community prompt",
        created: messages.promptShared,
        sharesNew: true,
        emptyText: emptyStates.community,
        emptyInvite: "Share the first prompt",
        namesLoadErrors: true,
        showCreator: true,
      }}
    />
  );
}
