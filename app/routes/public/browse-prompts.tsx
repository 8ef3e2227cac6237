import { data, Form, Link, redirect } from "react-router";
import { BrowseCardView } from "~/components/prompt/browse-card.tsx";
import { BrowsePager } from "~/components/prompt/browse-pager.tsx";
import { buttonClasses } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { appContext } from "~/lib/app-context.ts";
import { browseDescription, browseHeading, browseTitle, neighbours } from "~/lib/browse-seo.ts";
import { publicPageHeaders } from "~/lib/public-cache.ts";
import { originFrom, pageMeta, siteName } from "~/lib/seo.ts";
import {
  type BrowseQuery,
  browseHref,
  browsePageSize,
  browsePath,
  browseSortLabels,
  browseSorts,
} from "../../../shared/browse.ts";
import { landingPages } from "../../../shared/landing-pages.ts";
import { searchTermMaxLength } from "../../../shared/prompt.ts";
import { topics } from "../../../shared/topics.ts";
import type { Route } from "./+types/browse-prompts";
import { loadBrowsePage } from "./browse-prompts.server.ts";

/** Public headers, and on a 200 what the page shows, for the cache to drop it when that changes. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const tags = loaderHeaders.get("X-Kept-Tags");
  return { ...publicPageHeaders(), ...(tags ? { "X-Kept-Tags": tags } : {}) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await loadBrowsePage(context.get(appContext).db, new URL(request.url));
  if (answer.kind === "redirect") throw redirect(answer.to, 301);
  const { kind: _kind, ...page } = answer;
  return data(page, {
    status: page.status,
    headers: page.status === 200 ? { "X-Kept-Tags": "community" } : {},
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { query, prompts, hasNext, status } = loaderData;
  const origin = originFrom(matches);
  const path = browseHref(query);
  const url = `${origin}${path}`;
  const title = browseTitle(query);
  const description = browseDescription(query);
  const { prev, next } = neighbours(query, hasNext);
  return [
    ...pageMeta({
      origin,
      path,
      title,
      description,
      keywords: ["AI prompts", "prompt library", "ChatGPT prompts", "Claude prompts"],
      // A search's results are thin pages of their own; the prompts they lead to are not.
      noindex: status !== 200 || Boolean(query.q),
      follow: status === 200,
    }),
    ...(prev ? [{ tagName: "link", rel: "prev", href: `${origin}${prev}` }] : []),
    ...(next ? [{ tagName: "link", rel: "next", href: `${origin}${next}` }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        "@id": url,
        name: browseHeading(query),
        description,
        url,
        isPartOf: { "@type": "WebSite", name: siteName, url: `${origin}/` },
        mainEntity: {
          "@type": "ItemList",
          numberOfItems: prompts.length,
          itemListElement: prompts.map((prompt, index) => ({
            "@type": "ListItem",
            position: (query.page - 1) * browsePageSize + index + 1,
            url: `${origin}${prompt.href}`,
            name: prompt.title,
          })),
        },
      },
    },
  ];
};

export default function BrowsePrompts({ loaderData }: Route.ComponentProps) {
  const { query, prompts, hasNext, problem, total } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight break-words text-fg sm:text-4xl">
        {browseHeading(query)}
      </h1>
      <p className="mt-2 text-muted">
        Prompts the PromptShelf community shares with everyone. Open one to read it whole.
      </p>
      <BrowseForm query={query} />
      <TopicLink query={query} />
      {problem ? (
        <p role="alert" className="mt-8 rounded-xl bg-danger-soft p-4 text-danger-text">
          {problem}.{" "}
          <Link to={browsePath} className="font-medium underline">
            Browse every prompt
          </Link>
        </p>
      ) : prompts.length === 0 ? (
        <EmptyState query={query} />
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {prompts.map((prompt) => (
            <li key={prompt.id}>
              <BrowseCardView prompt={prompt} />
            </li>
          ))}
        </ul>
      )}
      {prompts.length > 0 ? <BrowsePager query={query} hasNext={hasNext} total={total} /> : null}
    </main>
  );
}

/** A plain GET form: it works before (and without) JavaScript, and its answer is an address. */
function BrowseForm(props: { query: BrowseQuery }) {
  const { query } = props;
  return (
    <Form
      method="get"
      action={browsePath}
      role="search"
      aria-label="Search shared prompts"
      className="mt-6 grid gap-3 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-line sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
    >
      <label className="block text-sm font-medium text-fg">
        Search
        <input
          type="search"
          name="q"
          defaultValue={query.q ?? ""}
          maxLength={searchTermMaxLength}
          placeholder="A word or phrase"
          className={fieldClass}
        />
      </label>
      <label className="block text-sm font-medium text-fg">
        Topic
        <select name="topic" defaultValue={query.topic ?? ""} className={fieldClass}>
          <option value="">All topics</option>
          {topics.map((topic) => (
            <option key={topic.category} value={topic.category}>
              {topic.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium text-fg">
        Order
        <select name="sort" defaultValue={query.sort} className={fieldClass}>
          {browseSorts.map((sort) => (
            <option key={sort} value={sort}>
              {sort === "relevance"
                ? `${browseSortLabels[sort]} (with a search)`
                : browseSortLabels[sort]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClasses("primary")}>
        Search
      </button>
    </Form>
  );
}

/** A topic's own page: its library landing page says more about it. */
function TopicLink(props: { query: BrowseQuery }) {
  const landing = landingPages.find((page) => page.category === props.query.topic);
  if (!landing) return null;
  return (
    <p className="mt-4 text-sm">
      <Link to={landing.path} className="font-medium text-accent-text hover:underline">
        About the {landing.label} library
      </Link>
    </p>
  );
}

function EmptyState(props: { query: BrowseQuery }) {
  const { query } = props;
  return (
    <div className="mt-8 rounded-xl border-2 border-dashed border-line px-4 py-12 text-center">
      <p className="text-lg font-medium text-fg">
        {query.page > 1
          ? "There is no page with that number."
          : query.q
            ? "No shared prompt matches that search."
            : "No prompts are shared here yet."}
      </p>
      <p className="mt-2 text-muted">
        {query.q || query.topic || query.page > 1 ? (
          <Link to={browsePath} className="font-medium text-accent-text hover:underline">
            Browse every shared prompt
          </Link>
        ) : (
          "Sign in and share the first one."
        )}
      </p>
    </div>
  );
}
