export type RouteKind = "public" | "page" | "list" | "search" | "write";

export interface BenchRoute {
  name: string;
  kind: RouteKind;
  path: string;
  signedIn: boolean;
  method?: "GET" | "POST";
  /** JSON body; `[<id>]` is replaced by a unique id per request. */
  body?: string;
}

/** Prompts the write route creates carry this use case, so the run can remove them after. */
export const benchWriteTitle = "bench-write";

/** Prompts the version history edits carry this use case, for the same reason. */
export const benchVersionsTitle = "bench-versions";

/** The community list and a common and a rare search: read by both the old rows and the living ones. */
export const communityReads: BenchRoute[] = [
  {
    name: "JSON list (community)",
    kind: "list",
    path: "/api/v1/prompts?scope=community",
    signedIn: true,
  },
  {
    name: "search common word (the)",
    kind: "search",
    path: "/api/v1/prompts?scope=community&q=the",
    signedIn: true,
  },
  {
    name: "search rare word (Ethereum)",
    kind: "search",
    path: "/api/v1/prompts?scope=community&q=Ethereum",
    signedIn: true,
  },
];

/** The routes the issue names, in the order they are driven; the write comes last. */
export const benchRoutes: BenchRoute[] = [
  { name: "home", kind: "public", path: "/", signedIn: false },
  { name: "topic landing page", kind: "public", path: "/claude-prompt-library", signedIn: false },
  { name: "central (signed in)", kind: "page", path: "/central", signedIn: true },
  { name: "dashboard (signed in)", kind: "page", path: "/dashboard", signedIn: true },
  ...communityReads,
  {
    name: "search no match (qzxwvy)",
    kind: "search",
    path: "/api/v1/prompts?scope=community&q=qzxwvy",
    signedIn: true,
  },
  {
    name: "create prompt (POST)",
    kind: "write",
    path: "/api/v1/prompts",
    signedIn: true,
    method: "POST",
    body: JSON.stringify({
      promptText: "Act as a benchmark. Summarise the text below in three bullet points. [<id>]",
      useCase: benchWriteTitle,
      shared: false,
    }),
  },
];
