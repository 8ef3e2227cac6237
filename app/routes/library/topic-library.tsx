import { data } from "react-router";
import { CommunityLibraryPage } from "~/components/prompt/community-library-page.tsx";
import { skipRevalidationAfterFailure } from "~/lib/prompt-actions.ts";
import { promptClientAction } from "~/lib/prompt-route-actions.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import { handlePromptAction, loadPromptList } from "~/routes/prompt-route.server.ts";
import { type Topic, topics } from "../../../shared/topics.ts";
import type { Route } from "./+types/topic-library";

function topicAt(pathname: string): Topic {
  const topic = topics.find((candidate) => candidate.path === pathname.replace(/\/$/, ""));
  if (!topic) throw data(null, { status: 404 });
  return topic;
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const topic = topics.find((candidate) => candidate.path === location.pathname);
  return pageMeta({
    origin: originFrom(matches),
    path: location.pathname,
    title: `${topic?.name ?? "Topic"} Prompts | PromptShelf`,
    description: `Community prompts for ${topic?.name ?? "this topic"}.`,
    noindex: true,
  });
};

export async function loader(args: Route.LoaderArgs) {
  const topic = topicAt(args.url.pathname);
  return {
    topic,
    ...(await loadPromptList(args, { scope: "community", category: topic.category })),
  };
}

export const action = (args: Route.ActionArgs) =>
  handlePromptAction(args, { shared: true, category: topicAt(args.url.pathname).category });

export const clientAction = promptClientAction;

export const shouldRevalidate = skipRevalidationAfterFailure;

export default function TopicLibrary({ loaderData }: Route.ComponentProps) {
  const { topic } = loaderData;
  return (
    <CommunityLibraryPage
      key={topic.category}
      data={loaderData}
      topic={{ category: topic.category }}
      user={useSignedInUser()}
      text={{
        heading: `${topic.name} Prompts`,
        description: `Prompts the community shared for ${topic.name}. Share yours under "${topic.category}".`,
        addLabel: "Share Prompt",
        formHeading: `Share a ${topic.name} prompt`,
      }}
    />
  );
}
