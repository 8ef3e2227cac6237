import { Link } from "react-router";
import { SignInButton } from "~/components/auth/sign-in-dialog.tsx";
import { CommunityHighlights } from "~/components/prompt/community-highlights.tsx";
import { PublicPromptCard } from "~/components/prompt/public-prompt-card.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import type { IconName } from "~/components/ui/icon-names.ts";
import { appContext } from "~/lib/app-context.ts";
import { publicPageHeaders } from "~/lib/public-cache.ts";
import { originFrom, pageMeta, siteName } from "~/lib/seo.ts";
import { browsePath } from "../../../shared/browse.ts";
import { landingPages } from "../../../shared/landing-pages.ts";
import type { Route } from "./+types/home";

export const headers = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  return { highlights: await context.get(appContext).highlights() };
}

const description =
  "Save your best ChatGPT, Claude and Stable Diffusion prompts in a private library, find them in a second, and discover fresh prompts from the community every day.";

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFrom(matches);
  return [
    ...pageMeta({
      origin,
      path: "/",
      title: "PromptShelf: keep, find and share your AI prompts",
      description,
      keywords: [
        "AI prompts",
        "prompt library",
        "prompt manager",
        "ChatGPT prompts",
        "Claude prompts",
      ],
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@graph": [
          {
            "@type": "WebSite",
            "@id": `${origin}/#website`,
            name: siteName,
            url: `${origin}/`,
            description,
          },
          {
            "@type": "Organization",
            "@id": `${origin}/#organization`,
            name: siteName,
            url: `${origin}/`,
            logo: `${origin}/favicon.svg`,
          },
        ],
      },
    },
  ];
};

const features: { icon: IconName; title: string; body: string }[] = [
  {
    icon: "sparkles",
    title: "Fresh community prompts daily",
    body: "New prompts shared by the community every day, and a prompt of the day picked from the best.",
  },
  {
    icon: "folder-tree",
    title: "Folders, tags and favourites",
    body: "A personal library organised your way: nest folders, tag prompts, star the ones you reach for.",
  },
  {
    icon: "search",
    title: "Find any prompt instantly",
    body: "Search every word of every prompt, yours and the community's, with matches highlighted.",
  },
  {
    icon: "monitor-smartphone",
    title: "On every device",
    body: "Sign in with Google on your laptop, tablet or phone: your library is there, always in sync.",
  },
  {
    icon: "layout-template",
    title: "Reusable templates",
    body: "Write {{placeholders}} once, fill them in each time, and copy the finished prompt.",
  },
  {
    icon: "download",
    title: "Export and backup",
    body: "Download your whole library as JSON, CSV or Markdown whenever you like. Your prompts stay yours.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <section className="bg-gradient-to-b from-accent-soft to-canvas">
        <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="text-sm font-semibold tracking-wide text-accent-text uppercase">
            The home for your AI prompts
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-fg sm:text-6xl">
            Keep, find and share the prompts <span className="text-accent-text">that work</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
            PromptShelf is a private library for your ChatGPT, Claude and Stable Diffusion prompts,
            and a community library full of new ideas every day.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <SignInButton size="lg">Get Started Free</SignInButton>
            <Link
              to={browsePath}
              className="px-4 py-3 font-medium text-accent-text hover:underline"
            >
              Browse shared prompts
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight text-fg">
          Everything your prompts need
        </h2>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li
              key={feature.title}
              className="rounded-2xl bg-surface p-6 shadow-sm ring-1 ring-line"
            >
              <Icon name={feature.icon} className="h-8 w-8 text-accent-text" />
              <h3 className="mt-4 text-lg font-semibold text-fg">{feature.title}</h3>
              <p className="mt-2 text-muted">{feature.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="From the community" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
        <CommunityHighlights
          highlights={loaderData.highlights}
          headingLevel={2}
          card={(prompt) => <PublicPromptCard prompt={prompt} />}
        />
      </section>

      <section id="libraries" aria-labelledby="libraries-heading" className="bg-surface py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="libraries-heading" className="text-center text-2xl font-bold text-fg">
            Prompt libraries for every tool
          </h2>
          <ul className="mt-8 flex flex-wrap justify-center gap-3">
            {landingPages.map((page) => (
              <li key={page.path}>
                <Link
                  to={page.path}
                  className="inline-block rounded-full bg-subtle px-4 py-2 text-sm font-medium text-fg hover:bg-accent-soft hover:text-accent-text"
                >
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-center">
            <Link to={browsePath} className="font-medium text-accent-text hover:underline">
              Or browse and search every shared prompt
            </Link>
          </p>
        </div>
      </section>

      <section className="bg-accent-hover">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6">
          <h2 className="text-3xl font-bold text-on-accent">Ready to organise your prompts?</h2>
          <p className="max-w-xl text-lg text-on-accent/85">
            Join PromptShelf free with your Google account. It takes ten seconds.
          </p>
          <SignInButton size="lg" variant="secondary">
            Start Your Library
          </SignInButton>
        </div>
      </section>
    </main>
  );
}
