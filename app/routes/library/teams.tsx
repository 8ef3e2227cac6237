import { TeamsOverview } from "~/components/teams/teams-overview.tsx";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/teams";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/teams",
    title: "Teams | PromptShelf",
    description: "The teams you are in, and a new one: libraries of prompts shared with a group.",
    noindex: true,
  });

export default function Teams() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-fg">Teams</h1>
        <p className="mt-1 text-muted">Prompt libraries you share with a group, beside your own.</p>
      </div>
      <TeamsOverview />
    </div>
  );
}
