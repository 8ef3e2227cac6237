import { data, Link } from "react-router";
import { SignInButton } from "~/components/auth/sign-in-dialog.tsx";
import { PublicPromptCard } from "~/components/prompt/public-prompt-card.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { appContext } from "~/lib/app-context.ts";
import { publicPageHeaders } from "~/lib/public-cache.ts";
import { originFrom, pageMeta, siteName } from "~/lib/seo.ts";
import { landingPageAt } from "../../../shared/landing-pages.ts";
import type { Route } from "./+types/landing-page";

export const headers = publicPageHeaders;

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = landingPageAt(url.pathname);
  if (!page) throw data(null, { status: 404 });
  return { page, prompts: await context.get(appContext).publicPrompts(page.category) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { page, prompts } = loaderData;
  const origin = originFrom(matches);
  const url = `${origin}${page.path}`;
  return [
    ...pageMeta({
      origin,
      path: page.path,
      title: page.title,
      description: page.description,
      keywords: page.keywords,
      image: `/social${page.path}.png`,
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        "@id": url,
        name: page.title,
        description: page.description,
        url,
        keywords: page.keywords.join(", "),
        isPartOf: { "@type": "WebSite", name: siteName, url: `${origin}/` },
        mainEntity: {
          "@type": "ItemList",
          numberOfItems: prompts.length,
          itemListElement: prompts.map((prompt, index) => ({
            "@type": "ListItem",
            position: index + 1,
            item: {
              "@type": "CreativeWork",
              name: prompt.title,
              text: prompt.promptText,
              author: { "@type": "Person", name: prompt.creatorName },
              datePublished: prompt.createdAt,
            },
          })),
        },
      },
    },
  ];
};

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const { page, prompts } = loaderData;
  return (
    <main id="main">
      <section className="bg-gradient-to-b from-accent-soft to-canvas">
        <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6">
          <h1 className="text-4xl font-bold tracking-tight text-fg sm:text-5xl">
            {page.hero.heading} <span className="text-accent-text">{page.hero.highlight}</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">{page.hero.body}</p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <SignInButton size="lg">Start Free</SignInButton>
            <Link to="/login" className="px-4 py-3 font-medium text-accent-text hover:underline">
              Already have an account? Sign in
            </Link>
          </div>
        </div>
      </section>

      <section aria-label="Why PromptShelf" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-3">
          {page.benefits.map((benefit) => (
            <li
              key={benefit.title}
              className="rounded-2xl bg-surface p-6 shadow-sm ring-1 ring-line"
            >
              <Icon name="check-circle" className="h-7 w-7 text-accent-text" />
              <h2 className="mt-4 text-lg font-semibold text-fg">{benefit.title}</h2>
              <p className="mt-2 text-muted">{benefit.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="newest-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <h2 id="newest-heading" className="text-2xl font-bold text-fg">
          Newest community prompts
        </h2>
        {prompts.length === 0 ? (
          <p className="mt-6 rounded-xl border-2 border-dashed border-line py-12 text-center text-muted">
            No prompts available yet. Sign in and share the first one.
          </p>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {prompts.map((prompt) => (
              <li key={prompt.id}>
                <PublicPromptCard prompt={prompt} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="bg-accent-hover">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6">
          <h2 className="text-3xl font-bold text-on-accent">{page.closing.heading}</h2>
          <p className="max-w-xl text-lg text-on-accent/85">{page.closing.body}</p>
          <div className="flex flex-col items-center gap-3 sm:flex-row">
            <SignInButton size="lg" variant="secondary">
              Get Started Free
            </SignInButton>
            <Link to="/login" className="px-4 py-3 font-medium text-on-accent underline">
              Sign in
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
