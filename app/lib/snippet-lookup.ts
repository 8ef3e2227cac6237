import { api } from "~/lib/api-client.ts";
import type { Snippet } from "../../shared/template-snippets.ts";

/** Titles one request asks for (the API takes at most 100). */
const perRequest = 100;

/**
 * The signed-in person's own prompts with these titles, through /api/v1/snippets. A title
 * longer than any prompt's cannot be one, so it is not asked for.
 */
export async function lookUpSnippets(titles: string[]): Promise<Snippet[]> {
  const asked = titles.filter((title) => title.length <= 200);
  const found: Snippet[] = [];
  for (let start = 0; start < asked.length; start += perRequest) {
    const query = new URLSearchParams();
    for (const title of asked.slice(start, start + perRequest)) query.append("title", title);
    const page = await api<{ items: Snippet[] }>("GET", `/api/v1/snippets?${query}`);
    found.push(...page.items);
  }
  return found;
}
