/**
 * Public pages are the same for every visitor: browsers keep them a minute, shared caches
 * (a CDN) five, and may serve a stale copy for a day while they refresh it.
 */
export function publicPageHeaders() {
  return { "Cache-Control": "public, max-age=60, s-maxage=300, stale-while-revalidate=86400" };
}

/**
 * A public page whose loader names what it shows: its `X-Kept-Tags` go along (the cache drops the
 * kept copy when one of them changes, and strips the header before sending).
 */
export function taggedPublicPageHeaders(args: { loaderHeaders: Headers }) {
  const tags = args.loaderHeaders.get("X-Kept-Tags");
  return { ...publicPageHeaders(), ...(tags ? { "X-Kept-Tags": tags } : {}) };
}
