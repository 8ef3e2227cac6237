/**
 * Public pages are the same for every visitor: browsers keep them a minute, shared caches
 * (a CDN) five, and may serve a stale copy for a day while they refresh it.
 */
export function publicPageHeaders() {
  return { "Cache-Control": "public, max-age=60, s-maxage=300, stale-while-revalidate=86400" };
}
