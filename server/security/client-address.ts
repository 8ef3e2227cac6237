import type { Context } from "hono";

/**
 * The client's IP address. Behind `trustedProxies` proxies, it is the address the outermost
 * trusted proxy saw (counted from the right of X-Forwarded-For, since a client can put anything
 * on the left); otherwise the socket's peer, and X-Forwarded-For is ignored.
 */
export function clientAddress(c: Context, trustedProxies: number) {
  const peer = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming?.socket?.remoteAddress;
  if (trustedProxies > 0) {
    const hops = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const forwarded = hops[hops.length - trustedProxies];
    if (forwarded) return forwarded;
  }
  return peer ?? "unknown";
}
