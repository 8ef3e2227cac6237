import { isRouteErrorResponse, Link } from "react-router";
import { ErrorView } from "~/components/layout/error-view.tsx";
import { LocalDate } from "~/components/prompt/local-date.tsx";
import { PromptPageActions } from "~/components/prompt-page/prompt-page-actions.tsx";
import { PromptText } from "~/components/prompt-page/prompt-text.tsx";
import { RelatedPrompts } from "~/components/prompt-page/related-prompts.tsx";
import { VersionList } from "~/components/prompt-page/version-list.tsx";
import { buttonClasses } from "~/components/ui/button.tsx";
import { promptPageMeta } from "~/lib/prompt-page-meta.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { landingPageFor } from "../../../shared/landing-pages.ts";
import type { Route } from "./+types/prompt-page";
import { loadPromptPage } from "./prompt-page.server.ts";

/** The loader's headers (Cache-Control, and the tags the page cache drops it by), or its refusal's. */
export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function loader({ params, url, context }: Route.LoaderArgs) {
  return loadPromptPage({ context, ref: params.ref, search: url.search });
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error, location }) => {
  const origin = originFrom(matches);
  if (!loaderData || error) {
    const gone = isRouteErrorResponse(error) && error.status === 410;
    return pageMeta({
      origin,
      path: location.pathname,
      title: gone ? "Prompt Removed | PromptShelf" : "Page Not Found | PromptShelf",
      description: gone
        ? "This prompt was removed by its creator."
        : "The page you're looking for doesn't exist or has been moved.",
      noindex: true,
    });
  }
  return promptPageMeta(origin, loaderData.path, loaderData.prompt, loaderData.creatorPath);
};

export default function PromptPage({ loaderData }: Route.ComponentProps) {
  const { prompt, creatorPath, versions, related } = loaderData;
  const topic = landingPageFor(prompt.category);
  const edited = prompt.updatedAt !== prompt.createdAt;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <article aria-labelledby="prompt-title">
        <header>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            {prompt.category && prompt.category.toLowerCase() !== prompt.title.toLowerCase() ? (
              <span className="rounded-full bg-accent-soft px-2.5 py-0.5 font-medium text-accent-text [overflow-wrap:anywhere]">
                {prompt.category}
              </span>
            ) : null}
            {topic ? (
              <Link to={topic.path} className="font-medium text-accent-text underline">
                More {topic.label}
              </Link>
            ) : null}
          </p>
          <h1
            id="prompt-title"
            className="mt-3 text-3xl font-bold tracking-tight text-fg [overflow-wrap:anywhere] sm:text-4xl"
          >
            {prompt.title}
          </h1>
          {prompt.description ? (
            <p className="mt-3 text-lg text-muted [overflow-wrap:anywhere]">{prompt.description}</p>
          ) : null}
          <p className="mt-3 text-sm text-muted">
            {"by "}
            {creatorPath ? (
              <Link to={creatorPath} className="font-medium text-accent-text hover:underline">
                {prompt.creatorName}
              </Link>
            ) : (
              prompt.creatorName
            )}
            {" · Shared "}
            <LocalDate value={prompt.createdAt} />
            {edited ? (
              <>
                {" · Updated "}
                <LocalDate value={prompt.updatedAt} />
              </>
            ) : null}
          </p>
          <p className="mt-1 text-sm text-muted">
            {`${count(prompt.copyCount, "copy", "copies")} · ${count(prompt.starCount, "star", "stars")}`}
          </p>
        </header>
        <div className="mt-6">
          <PromptPageActions prompt={prompt} />
        </div>
        <div className="mt-6 rounded-xl bg-surface p-4 ring-1 ring-line sm:p-6">
          <PromptText text={prompt.promptText} />
        </div>
      </article>
      <VersionList versions={versions} />
      <RelatedPrompts prompts={related} />
    </main>
  );
}

function count(n: number, one: string, many: string) {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || (error.status !== 404 && error.status !== 410)) {
    return <ErrorView error={error} />;
  }
  const gone = error.status === 410;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <p className="text-6xl font-bold text-accent-text">{error.status}</p>
      <h1 className="text-3xl font-bold">{gone ? "Prompt Removed" : "Page Not Found"}</h1>
      <p className="text-muted">
        {gone
          ? "Its creator removed this prompt from PromptShelf."
          : "The page you're looking for doesn't exist or has been moved."}
      </p>
      <Link to="/" className={buttonClasses("primary")}>
        Go Home
      </Link>
    </main>
  );
}
