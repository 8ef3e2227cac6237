import { InvitationCard } from "~/components/teams/invitation-card.tsx";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    origin: originFrom(matches),
    path: location.pathname,
    title: "Team invitation | PromptShelf",
    description: "Join a team on PromptShelf.",
    noindex: true,
  });

/**
 * An invitation's link. Signed out, the library's guard sends the person to sign in and back
 * here (guards.server.ts).
 */
export default function Invitation({ params }: Route.ComponentProps) {
  return <InvitationCard key={params.code} code={params.code} />;
}
