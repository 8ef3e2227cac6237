import { CommunityLibraryPage } from "~/components/prompt/community-library-page.tsx";
import { skipRevalidationAfterFailure } from "~/lib/prompt-actions.ts";
import { promptClientAction } from "~/lib/prompt-route-actions.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import { handlePromptAction, loadPromptList } from "~/routes/prompt-route.server.ts";
import type { Route } from "./+types/central";
import { loadViewerHighlights } from "./highlights.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/central",
    title: "Community AI Prompt Library | PromptShelf",
    description: "Prompts shared by the PromptShelf community.",
    noindex: true,
  });

/** Highlights greet someone browsing the first page; a search or a later page goes straight to its results. */
export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const browsing = !params.get("q")?.trim() && !params.get("cursor");
  const [list, highlights] = await Promise.all([
    loadPromptList(args, { scope: "community" }),
    browsing ? loadViewerHighlights(args.context) : undefined,
  ]);
  return { ...list, highlights };
}

export const action = (args: Route.ActionArgs) => handlePromptAction(args, { shared: true });

export const clientAction = promptClientAction;

export const shouldRevalidate = skipRevalidationAfterFailure;

export default function Central({ loaderData }: Route.ComponentProps) {
  return (
    <CommunityLibraryPage
      highlights={loaderData.highlights}
      data={loaderData}
      user={useSignedInUser()}
      text={{
        heading: "Community AI Prompt Library",
        description:
          "Prompts shared by everyone on PromptShelf. Copy any of them, or share your own.",
        addLabel: "Share Prompt",
        formHeading: "Share a prompt with the community",
      }}
      listHeading="Community Prompts"
    />
  );
}
