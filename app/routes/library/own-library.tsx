import { LibraryPage } from "~/components/prompt/library-page.tsx";
import { actionOrFailure, skipRevalidationAfterFailure } from "~/lib/prompt-actions.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import {
  handlePromptAction,
  loadOrganisers,
  loadPromptList,
} from "~/routes/prompt-route.server.ts";
import { emptyStates, messages } from "../../../shared/messages.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    origin: originFrom(matches),
    path: location.pathname,
    title: "My Personal AI Prompts | PromptShelf",
    description: "Your private library of AI prompts.",
    noindex: true,
  });

export async function loader(args: Route.LoaderArgs) {
  const [list, organisers] = await Promise.all([
    loadPromptList(args, { scope: "personal" }),
    loadOrganisers(args.context),
  ]);
  return { ...list, organisers };
}

export const action = (args: Route.ActionArgs) => handlePromptAction(args, { shared: false });

export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  actionOrFailure(request, serverAction);

export const shouldRevalidate = skipRevalidationAfterFailure;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <LibraryPage
      data={loaderData}
      organisers={loaderData.organisers}
      user={useSignedInUser()}
      config={{
        heading: "My Personal AI Prompts",
        description: "Your private prompts: only you can see them.",
        addLabel: "Add Prompt",
        formHeading: "Add a personal prompt",
        listHeading: "My Prompts Collection",
        created: messages.promptAddedPersonal,
        emptyText: emptyStates.personal,
        namesLoadErrors: false,
        showCreator: false,
      }}
    />
  );
}
