import { OwnLibraryPage } from "~/components/prompt/own-library-page.tsx";
import { skipRevalidationAfterFailure } from "~/lib/prompt-actions.ts";
import { promptClientAction } from "~/lib/prompt-route-actions.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import { handlePromptAction, loadOwnLibrary } from "~/routes/prompt-route.server.ts";
import { emptyStates } from "../../../shared/messages.ts";
import type { Route } from "./+types/own-library";

/** The two views of a person's own library: what they wrote (/dashboard, /personal) and starred. */
const views = {
  personal: {
    title: "My Personal AI Prompts | PromptShelf",
    metaDescription: "Your private library of AI prompts.",
    text: {
      heading: "My Personal AI Prompts",
      description: "Your private prompts: only you can see them.",
      listHeading: "My Prompts Collection",
      emptyText: emptyStates.personal,
    },
    adds: {
      label: "Add Prompt",
      formHeading: "Add a personal prompt",
      emptyInvite: "Write your first prompt",
    },
    showCreator: false,
  },
  favourites: {
    title: "Favourites | PromptShelf",
    metaDescription: "The prompts you starred, newest star first.",
    text: {
      heading: "Favourites",
      description: "Every prompt you starred, yours and the community's, newest star first.",
      listHeading: "Starred prompts",
      emptyText: "No favourites yet. Star a prompt to find it here.",
    },
    adds: undefined,
    showCreator: true,
  },
} as const;

/** Which view a path shows (its page data, /favourites.data, included). */
const viewAt = (pathname: string) =>
  pathname.startsWith("/favourites") ? "favourites" : "personal";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const view = views[viewAt(location.pathname)];
  return pageMeta({
    origin: originFrom(matches),
    path: location.pathname,
    title: view.title,
    description: view.metaDescription,
    noindex: true,
  });
};

export const loader = (args: Route.LoaderArgs) =>
  loadOwnLibrary(args, { scope: viewAt(new URL(args.request.url).pathname) });

export const action = (args: Route.ActionArgs) => handlePromptAction(args, { shared: false });

export const clientAction = promptClientAction;

export const shouldRevalidate = skipRevalidationAfterFailure;

export default function OwnLibrary({ loaderData }: Route.ComponentProps) {
  const view = views[loaderData.scope];
  return (
    <OwnLibraryPage
      data={loaderData}
      organisers={loaderData.organisers}
      user={useSignedInUser()}
      text={view.text}
      adds={view.adds}
      showCreator={view.showCreator}
    />
  );
}
