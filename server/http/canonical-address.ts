import type { MiddlewareHandler } from "hono";
import { pages } from "../../shared/pages.ts";
import type { AppEnv } from "./app-env.ts";

/** Each page's path by segment: a name to match (without regard to case), or null for a parameter. */
const patterns = pages.map(({ path }) =>
  path
    .split("/")
    .slice(1)
    .map((segment) => (segment.startsWith(":") ? null : segment.toLowerCase())),
);

/** Letters, digits, "-", "_" and "~": the same character written out or percent-encoded. */
const encodedPlain = /%(3[0-9]|[46][1-9A-Fa-f]|[57][0-9Aa]|2[Dd]|5[Ff]|7[Ee])/g;

/**
 * The one address of the page (or of its data, `.data`) that this path spells another way: with a
 * trailing slash, doubled slashes, percent-encoded letters or digits, or its fixed words in
 * another case (`/P/<ref>`, `/PRIVACY`). Undefined when the path is already that address, or is
 * no page's. Every spelling reaches the same page, but only the one address is kept in memory:
 * the others would render every time. A parameter keeps its case (short ids are case-sensitive),
 * and an encoded "." stays encoded, since `.data` makes a data request of a page address.
 */
export function canonicalPagePath(path: string): string | undefined {
  let base = path.includes("%")
    ? path.replace(encodedPlain, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : path;
  const data = base.endsWith(".data");
  // React Router asks `<address>.data`, or `<address>_.data` for an address ending in "/".
  if (data) base = base.slice(0, base.endsWith("/_.data") ? -"_.data".length : -".data".length);
  base = base.replace(/\/{2,}/g, "/");
  if (base.length > 1 && base.endsWith("/")) base = base.slice(0, -1);
  const page = pageAt(base);
  if (page === undefined) return undefined;
  const canonical = data ? pageDataPath(page) : page;
  return canonical === path ? undefined : canonical;
}

/**
 * Where React Router asks for a page's data on a client navigation (its trailing-slash-aware
 * data requests): `/_.data` for the home page, `<path>.data` for any other.
 */
export function pageDataPath(path: string) {
  return path.endsWith("/") ? `${path}_.data` : `${path}.data`;
}

/** The page address this path matches, its fixed words as declared; undefined when none. */
function pageAt(path: string) {
  const segments = path.split("/").slice(1);
  for (const pattern of patterns) {
    if (pattern.length !== segments.length) continue;
    const matches = pattern.every((name, i) => {
      const segment = segments[i] ?? "";
      return name === null ? segment.length > 0 : segment.toLowerCase() === name;
    });
    if (matches) {
      return `/${segments.map((segment, i) => pattern[i] ?? segment).join("/")}`;
    }
  }
  return undefined;
}

/**
 * Sends a page asked at another spelling of its address to the one address, query kept:
 * 301 for GET and HEAD, 308 (the method and body kept) for anything else.
 */
export function canonicalAddresses(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { url } = c.req;
    const pathStart = url.indexOf("/", url.indexOf("//") + 2);
    const queryStart = url.indexOf("?", pathStart);
    const path = queryStart === -1 ? url.slice(pathStart) : url.slice(pathStart, queryStart);
    const canonical = canonicalPagePath(path);
    if (canonical === undefined) return next();
    const query = queryStart === -1 || queryStart === url.length - 1 ? "" : url.slice(queryStart);
    const method = c.req.method;
    return c.redirect(`${canonical}${query}`, method === "GET" || method === "HEAD" ? 301 : 308);
  };
}
