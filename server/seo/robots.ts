import { pages } from "../../shared/pages.ts";

/** Machinery no crawler has business in: the API, sign-in, the identity provider, MCP, OAuth. */
const machinery = ["/api/", "/auth/", "/dev-idp/", "/mcp", "/oauth/"];

/**
 * robots.txt: everything is open but the pages that are only for signed-in people,
 * administrators or the sign-in machinery, from the one list of pages. A fixed path is shut
 * exactly ("$" ends the match, so /prompt-engineering does not also shut
 * /prompt-engineering-library); a path with a parameter is shut from where the parameter starts.
 */
export function robotsText(publicOrigin: string) {
  const shut = pages
    .filter((page) => page.access !== "public")
    .map((page) => {
      const parameter = page.path.indexOf(":");
      return parameter >= 0 ? page.path.slice(0, parameter) : `${page.path}$`;
    });
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...[...new Set(shut)].map((path) => `Disallow: ${path}`),
    ...machinery.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicOrigin}/sitemap.xml`,
  ];
  return `${lines.join("\n")}\n`;
}
