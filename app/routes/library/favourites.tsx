import { LibraryPage } from "~/components/prompt/library-page.tsx";
import { actionOrFailure, skipRevalidationAfterFailure } from "~/lib/prompt-actions.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import {
  handlePromptAction,
  loadOrganisers,
  loadPromptList,
} from "~/routes/prompt-route.server.ts";
import { messages } from "../../../shared/messages.ts";
import type { Route } from "./+types/favourites";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/favourites",
    title: "Favourites | PromptShelf",
    description: "The prompts you starred, newest star first.",
    noindex: true,
  });

export async function loader(args: Route.LoaderArgs) {
  const [list, organisers] = await Promise.all([
    loadPromptList(args, { scope: "favourites" }),
    loadOrganisers(args.context),
  ]);
  return { ...list, organisers };
}

export const action = (args: Route.ActionArgs) => handlePromptAction(args, { shared: false });

export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  actionOrFailure(request, serverAction);

export const shouldRevalidate = skipRevalidationAfterFailure;

export default function Favourites({ loaderData }: Route.ComponentProps) {
  return (
    <LibraryPage
      data={loaderData}
      organisers={loaderData.organisers}
      user={useSignedInUser()}
      config={{
        heading: "Favourites",
        description: "Every prompt you starred, yours and the community's, newest star first.",
        formHeading: "Edit Prompt",
        listHeading: "Starred prompts",
        created: messages.promptAddedPersonal,
        emptyText: "No favourites yet. Star a prompt to find it here.",
        namesLoadErrors: false,
        showCreator: true,
      }}
    />
  );
}
