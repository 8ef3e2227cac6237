import type { ServerProcess } from "./server-process.ts";
import type { Acknowledged } from "./writers.ts";

const pageSize = 100;

/** The writer's prompts (id to text), read through the API the way the app lists them. */
export async function listedPrompts(
  server: ServerProcess,
  cookie: string,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let cursor: string | null = null;
  do {
    const url = new URL("/api/v1/prompts", server.baseUrl);
    url.search = new URLSearchParams({
      scope: "personal",
      sort: "oldest",
      limit: String(pageSize),
      ...(cursor ? { cursor } : {}),
    }).toString();
    const response = await fetch(url, {
      headers: { cookie },
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`GET ${url.pathname} answered ${response.status}: ${body}`);
    const page = JSON.parse(body) as {
      items: { id: string; promptText: string }[];
      nextCursor: string | null;
    };
    for (const item of page.items) found.set(item.id, item.promptText);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

/** Acknowledged prompts that are gone, or whose text is no longer what was written. */
export function missingFrom(found: Map<string, string>, acknowledged: Acknowledged[]) {
  return acknowledged.filter((write) => found.get(write.id) !== write.promptText);
}

/** How many of the writes without an answer were committed all the same. */
export function committedCount(found: Map<string, string>, inFlight: string[]) {
  const texts = new Set(found.values());
  return inFlight.filter((text) => texts.has(text)).length;
}
