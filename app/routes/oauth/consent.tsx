import { ErrorView } from "~/components/layout/error-view.tsx";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/consent";
import { consentAnswer, consentPage } from "./consent.server.ts";
import { ConsentCard, RefusedCard, SignInCard } from "./consent-cards.tsx";

/**
 * /oauth/authorize: an MCP client sent the person here to be allowed in (OAuth 2.1 with PKCE).
 * Signed out, the person signs in and comes back; signed in, they see who asks, for what, and
 * answer. A request the server cannot take is refused here (consent.server.ts).
 */
export async function loader(args: Route.LoaderArgs) {
  return consentPage(args);
}

/** Allow or Deny. */
export async function action(args: Route.ActionArgs) {
  return consentAnswer(args);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/oauth/authorize",
    title: "Connect an app | PromptShelf",
    description: "Allow an app to reach your PromptShelf library through MCP.",
    noindex: true,
  });

export default function Consent({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  return (
    <main id="main" className="flex min-h-screen flex-col items-center px-4 py-10 sm:py-16">
      {shown.view === "refused" ? (
        <RefusedCard
          problem={shown.problem}
          backToApp={
            "backToApp" in shown && typeof shown.backToApp === "string"
              ? shown.backToApp
              : undefined
          }
        />
      ) : shown.view === "sign-in" ? (
        <SignInCard app={shown.app} returnTo={shown.returnTo} />
      ) : (
        <ConsentCard
          app={shown.app}
          access={shown.access}
          person={shown.person}
          action={shown.action}
        />
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} wholePage />;
}
