import { serveStatic } from "@hono/node-server/serve-static";

const oneYear = 60 * 60 * 24 * 365;

/**
 * Serves the client build. Files under /assets carry a content hash in their name, so they never
 * change. They carry no page headers (CSP and the like apply to documents), which keeps each
 * response small.
 */
export function staticAssets(root: string) {
  return serveStatic({
    root,
    precompressed: true,
    onFound(path, c) {
      c.header("X-Content-Type-Options", "nosniff");
      c.header(
        "Cache-Control",
        path.includes("/assets/")
          ? `public, max-age=${oneYear}, immutable`
          : "public, max-age=3600",
      );
    },
  });
}
