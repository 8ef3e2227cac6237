import type { MetaDescriptor } from "react-router";

export const siteName = "PromptShelf";

export interface PageSeo {
  origin: string;
  path: string;
  title: string;
  description: string;
  keywords?: readonly string[];
  noindex?: boolean;
  /** With noindex: crawlers may still follow the page's links (a search's results lead on). */
  follow?: boolean;
  image?: string;
}

/** Every page's title, description, keywords, robots, canonical, Open Graph and Twitter tags. */
export function pageMeta(page: PageSeo): MetaDescriptor[] {
  const url = new URL(page.path, page.origin).href;
  const image = new URL(page.image ?? "/social/site.png", page.origin).href;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    ...(page.keywords?.length ? [{ name: "keywords", content: page.keywords.join(", ") }] : []),
    { name: "robots", content: robotsOf(page) },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
}

function robotsOf(page: PageSeo) {
  if (!page.noindex) return "index, follow";
  return page.follow ? "noindex, follow" : "noindex, nofollow";
}

/** The public origin, from the root loader's data, for absolute URLs in meta tags. */
export function originFrom(matches: readonly ({ id: string; data?: unknown } | undefined)[]) {
  const root = matches.find((match) => match?.id === "root")?.data as
    | { origin?: string }
    | undefined;
  return root?.origin ?? "http://localhost";
}
