import { Link } from "react-router";
import { LinkedPrompt } from "~/components/collections/linked-prompt.tsx";
import { taggedPublicPageHeaders } from "~/lib/public-cache.ts";
import { originFrom, pageMeta, siteName } from "~/lib/seo.ts";
import { loadProfilePage } from "~/routes/public-pages.server.ts";
import { profilePath } from "../../../shared/profile.ts";
import type { Route } from "./+types/profile-page";

export const headers = taggedPublicPageHeaders;

export const loader = (args: Route.LoaderArgs) => loadProfilePage(args);

const plural = (count: number, word: string) =>
  `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const profile = loaderData;
  const origin = originFrom(matches);
  const path = `${profilePath(profile.handle)}${profile.page > 1 ? `?page=${profile.page}` : ""}`;
  const url = `${origin}${path}`;
  const title = `${profile.displayName} (@${profile.handle})${profile.page > 1 ? `, page ${profile.page}` : ""} | ${siteName}`;
  const description = `AI prompts shared by ${profile.displayName} on ${siteName}: ${plural(profile.promptCount, "shared prompt")} and ${plural(profile.collections.length, "public collection")}, free to copy and save.`;
  return [
    ...pageMeta({ origin, path, title, description }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "ProfilePage",
        "@id": url,
        url,
        name: title,
        dateModified: profile.updatedAt,
        isPartOf: { "@type": "WebSite", name: siteName, url: `${origin}/` },
        mainEntity: {
          "@type": "Person",
          name: profile.displayName,
          alternateName: `@${profile.handle}`,
          identifier: profile.handle,
          url: `${origin}${profilePath(profile.handle)}`,
          ...(profile.avatarUrl ? { image: profile.avatarUrl } : {}),
        },
      },
    },
  ];
};

export default function ProfilePage({ loaderData: profile }: Route.ComponentProps) {
  const pageLink = (page: number) =>
    `${profilePath(profile.handle)}${page > 1 ? `?page=${page}` : ""}`;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        {profile.avatarUrl ? (
          <img
            src={profile.avatarUrl}
            alt=""
            width={96}
            height={96}
            referrerPolicy="no-referrer"
            className="h-24 w-24 rounded-full object-cover ring-1 ring-line"
          />
        ) : null}
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight wrap-anywhere text-fg sm:text-4xl">
            {profile.displayName}
          </h1>
          <p className="mt-1 text-muted">
            @{profile.handle} · {plural(profile.promptCount, "shared prompt")}
          </p>
        </div>
      </header>

      {profile.collections.length > 0 ? (
        <section aria-labelledby="collections-heading" className="mt-10">
          <h2 id="collections-heading" className="text-2xl font-bold text-fg">
            Collections
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {profile.collections.map((collection) => (
              <li
                key={collection.id}
                className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-line"
              >
                <h3 className="text-lg font-semibold">
                  <Link
                    to={collection.path}
                    className="wrap-anywhere text-accent-text hover:underline"
                  >
                    {collection.title}
                  </Link>
                </h3>
                {collection.description ? (
                  <p className="mt-1 line-clamp-3 text-sm wrap-anywhere text-fg-soft">
                    {collection.description}
                  </p>
                ) : null}
                <p className="mt-2 text-xs text-muted">{plural(collection.itemCount, "prompt")}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="prompts-heading" className="mt-10">
        <h2 id="prompts-heading" className="text-2xl font-bold text-fg">
          Shared prompts
        </h2>
        {profile.prompts.length === 0 ? (
          <p className="mt-4 rounded-xl border-2 border-dashed border-line py-12 text-center text-muted">
            No shared prompts yet.
          </p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {profile.prompts.map((entry) => (
              <li key={entry.prompt.id}>
                <LinkedPrompt prompt={entry.prompt} path={entry.path} />
              </li>
            ))}
          </ul>
        )}
        {profile.pageCount > 1 ? (
          <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
            {profile.page > 1 ? (
              <Link
                rel="prev"
                to={pageLink(profile.page - 1)}
                className="font-medium text-accent-text hover:underline"
              >
                ← Newer prompts
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-muted">
              Page {profile.page} of {profile.pageCount}
            </span>
            {profile.page < profile.pageCount ? (
              <Link
                rel="next"
                to={pageLink(profile.page + 1)}
                className="font-medium text-accent-text hover:underline"
              >
                Older prompts →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </main>
  );
}
