import { type BrowseQuery, browseHref, browsePagesMax, topicNamed } from "../../shared/browse.ts";

/** The browse page's heading, also its title: what is listed, in what order, or what was searched. */
export function browseHeading(query: BrowseQuery) {
  const topic = topicNamed(query.topic);
  if (query.q) return `Prompts matching “${query.q}”${topic ? ` in ${topic.name}` : ""}`;
  const listed = topic ? `${topic.name} prompts` : "AI prompts";
  if (query.sort === "copies") return `Most copied ${listed}`;
  return query.sort === "oldest" ? `The oldest ${listed}` : `Browse ${listed}`;
}

export function browseTitle(query: BrowseQuery) {
  const page = query.page > 1 ? ` (page ${query.page})` : "";
  return `${browseHeading(query)}${page} | PromptShelf`;
}

export function browseDescription(query: BrowseQuery) {
  const topic = topicNamed(query.topic);
  const which = topic
    ? `${topic.name} prompts`
    : "prompts for ChatGPT, Claude, Stable Diffusion and more";
  if (query.q) {
    return `Prompts shared by the PromptShelf community that mention “${query.q}”: read any of them, copy it free, or save it to your own library.`;
  }
  const order = `the ${{ copies: "most copied", oldest: "oldest" }[query.sort as string] ?? "newest"} first`;
  return `Browse ${which} shared by the PromptShelf community, ${order}: read any prompt, copy it free, or save it to your own library.`;
}

/**
 * The neighbouring pages' addresses, for the pagination links and rel=prev/next; none after the
 * last page offered.
 */
export function neighbours(query: BrowseQuery, hasNext: boolean) {
  const more = hasNext && query.page < browsePagesMax;
  return {
    prev: query.page > 1 ? browseHref({ ...query, page: query.page - 1 }) : undefined,
    next: more ? browseHref({ ...query, page: query.page + 1 }) : undefined,
  };
}
