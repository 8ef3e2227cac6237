import { landingPages } from "./landing-pages.ts";
import { topics } from "./topics.ts";

/**
 * Who a page is for, and so whether the server may keep it:
 * - `public`: the same for every visitor, rendered at most once a minute and served from memory,
 *   listed in the sitemap;
 * - `per-person`: a signed-in person's prompt list, kept in memory for that person while nothing
 *   it shows has changed;
 * - `private`: depends on the session and is never kept (sign-in, settings);
 * - `admin`: administrators only, never kept.
 */
export type PageAccess = "public" | "per-person" | "private" | "admin";

export interface Page {
  path: string;
  access: PageAccess;
  /** The route module, from app/ (the route table is built from this list). */
  file: string;
  /** A route id, where one module serves several pages. */
  id?: string;
  /**
   * `per-person` pages only: false when the page shows nothing of the community (the person's
   * own private prompts), so that what others share does not make the person's kept copy stale.
   */
  showsCommunity?: false;
  /**
   * `public` pages only: the query parameters the page takes. A public page is rendered from its
   * path and these alone (no cookie, no header, no other parameter), and each set of them is
   * kept on its own; a page that takes none answers any query string with its one copy.
   */
  query?: readonly string[];
  /**
   * `public` pages only: a rendered copy is also stored in the database (server/cache/
   * stored-pages.ts), for a visit that finds none in memory. The page's loader names the prompts
   * it shows, with their stamps; the copy is served while they all read the same.
   */
  stored?: true;
}

/**
 * Every page, declared once. The route table (app/routes.ts), the public-page and per-person
 * caches, robots.txt and the sitemap all read it; a page added anywhere else is not served.
 */
export const pages: Page[] = [
  { path: "/", access: "public", file: "routes/public/home.tsx" },
  ...landingPages.map(
    (page): Page => ({
      path: page.path,
      access: "public",
      file: "routes/public/landing-page.tsx",
      id: `landing${page.path}`,
    }),
  ),
  {
    path: "/prompts",
    access: "public",
    file: "routes/public/browse-prompts.tsx",
    query: ["q", "topic", "sort", "page"],
  },
  // `do` is what a visitor asked for before signing in (save, use the template): the page does
  // it once back, and an old slug's redirect passes it on.
  {
    path: "/p/:ref",
    access: "public",
    file: "routes/public/prompt-page.tsx",
    query: ["do"],
    stored: true,
  },
  { path: "/privacy", access: "public", file: "routes/public/legal/privacy.tsx" },
  { path: "/terms", access: "public", file: "routes/public/legal/terms.tsx" },
  { path: "/cookies", access: "public", file: "routes/public/legal/cookies.tsx" },
  {
    path: "/u/:handle",
    access: "public",
    file: "routes/public/profile-page.tsx",
    query: ["page"],
  },
  { path: "/c/:ref", access: "public", file: "routes/public/collection-page.tsx" },
  { path: "/login", access: "private", file: "routes/public/login.tsx" },
  {
    path: "/dashboard",
    access: "per-person",
    file: "routes/library/own-library.tsx",
    showsCommunity: false,
  },
  {
    path: "/personal",
    access: "per-person",
    file: "routes/library/own-library.tsx",
    id: "personal",
    showsCommunity: false,
  },
  { path: "/central", access: "per-person", file: "routes/library/central.tsx" },
  { path: "/community", access: "per-person", file: "routes/library/community.tsx" },
  {
    path: "/favourites",
    access: "per-person",
    file: "routes/library/own-library.tsx",
    id: "favourites",
  },
  { path: "/settings", access: "private", file: "routes/library/settings.tsx" },
  { path: "/collections", access: "private", file: "routes/library/collections.tsx" },
  { path: "/workbench", access: "private", file: "routes/library/workbench.tsx" },
  // A team's library, its members and its log: private, as a team's prompts are never kept for
  // anyone (a member removed must not be served a copy made while they were in).
  { path: "/teams", access: "private", file: "routes/library/teams.tsx" },
  { path: "/teams/:teamId", access: "private", file: "routes/library/team-library.tsx" },
  { path: "/teams/:teamId/members", access: "private", file: "routes/library/team-members.tsx" },
  { path: "/teams/:teamId/activity", access: "private", file: "routes/library/team-activity.tsx" },
  { path: "/invitations/:code", access: "private", file: "routes/library/invitation.tsx" },
  { path: "/oauth/authorize", access: "private", file: "routes/oauth/consent.tsx" },
  ...topics.map(
    (topic): Page => ({
      path: topic.path,
      access: "per-person",
      file: "routes/library/topic-library.tsx",
      id: `topic-${topic.category}`,
    }),
  ),
  { path: "/admin", access: "admin", file: "routes/admin/admin-dashboard.tsx" },
];

/**
 * The paths of the pages with the given access (every page, given none), in the order declared;
 * a path with a parameter (`/p/:ref`) stands for many pages and is not among them.
 */
export function pagePaths(...access: PageAccess[]) {
  return pages
    .filter((page) => access.length === 0 || access.includes(page.access))
    .map((page) => page.path)
    .filter((path) => !path.includes(":"));
}
