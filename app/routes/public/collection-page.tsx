import { Link } from "react-router";
import { CollectionActions } from "~/components/collections/collection-actions.tsx";
import { LinkedPrompt } from "~/components/collections/linked-prompt.tsx";
import { taggedPublicPageHeaders } from "~/lib/public-cache.ts";
import { originFrom, pageMeta, siteName } from "~/lib/seo.ts";
import { loadCollectionPage } from "~/routes/public-pages.server.ts";
import { shortId } from "../../../shared/public-address.ts";
import type { Route } from "./+types/collection-page";

export const headers = taggedPublicPageHeaders;

export const loader = (args: Route.LoaderArgs) => loadCollectionPage(args);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const collection = loaderData;
  const origin = originFrom(matches);
  const url = `${origin}${collection.path}`;
  const title = `${collection.title}: a prompt collection by ${collection.owner.displayName} | ${siteName}`;
  const count = `${collection.items.length} AI ${collection.items.length === 1 ? "prompt" : "prompts"}`;
  const description = collection.description
    ? `${collection.description.slice(0, 200)} (${count}, collected by ${collection.owner.displayName} on ${siteName})`
    : `${count} collected by ${collection.owner.displayName} on ${siteName}, free to copy and save to your own library.`;
  const author = {
    "@type": "Person",
    name: collection.owner.displayName,
    ...(collection.owner.profilePath ? { url: `${origin}${collection.owner.profilePath}` } : {}),
  };
  return [
    ...pageMeta({
      origin,
      path: collection.path,
      title,
      description,
      // Named by what it draws, so any change to that is a new address for caches that kept the old.
      image: `/c/${shortId(collection.id)}/image.png?v=${collection.imageVersion}`,
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        "@id": url,
        url,
        name: collection.title,
        description,
        author,
        dateModified: collection.updatedAt,
        isPartOf: { "@type": "WebSite", name: siteName, url: `${origin}/` },
        mainEntity: {
          "@type": "ItemList",
          numberOfItems: collection.items.length,
          itemListElement: collection.items.map((item, index) => ({
            "@type": "ListItem",
            position: index + 1,
            url: `${origin}${item.path}`,
            name: item.prompt.title,
          })),
        },
      },
    },
  ];
};

export default function CollectionPage({ loaderData: collection }: Route.ComponentProps) {
  const { owner } = collection;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="max-w-3xl">
        <p className="text-sm font-medium text-accent-text">Prompt collection</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight wrap-anywhere text-fg sm:text-4xl">
          {collection.title}
        </h1>
        {collection.description ? (
          <p className="mt-3 text-lg wrap-anywhere whitespace-pre-line text-fg-soft">
            {collection.description}
          </p>
        ) : null}
        <p className="mt-3 text-muted">
          Collected by{" "}
          {owner.profilePath ? (
            <Link to={owner.profilePath} className="font-medium text-accent-text hover:underline">
              {owner.displayName}
            </Link>
          ) : (
            <span className="font-medium text-fg">{owner.displayName}</span>
          )}
          {" · "}
          {collection.items.length} {collection.items.length === 1 ? "prompt" : "prompts"}
        </p>
        <div className="mt-5">
          <CollectionActions
            id={collection.id}
            starCount={collection.starCount}
            itemCount={collection.items.length}
          />
        </div>
      </header>
      {collection.items.length === 0 ? (
        <p className="mt-10 rounded-xl border-2 border-dashed border-line py-12 text-center text-muted">
          This collection has no prompts yet.
        </p>
      ) : (
        // Headed for screen readers, so each prompt's own heading (an h3) sits under an h2.
        <section aria-labelledby="collection-prompts-heading" className="mt-10">
          <h2 id="collection-prompts-heading" className="sr-only">
            Prompts in this collection
          </h2>
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {collection.items.map((item) => (
              <li key={item.prompt.id}>
                <LinkedPrompt prompt={item.prompt} path={item.path} note={item.note} showCreator />
              </li>
            ))}
          </ol>
        </section>
      )}
    </main>
  );
}
