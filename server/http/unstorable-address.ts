import type { Context, MiddlewareHandler } from "hono";
import { html } from "hono/html";
import { AppError } from "../errors.ts";
import { OAuthError } from "../oauth/oauth-error.ts";
import type { AppEnv } from "./app-env.ts";
import { errorResponse } from "./errors.ts";

/**
 * Where an address carries text PostgreSQL cannot take: in its path, in its query, or nowhere.
 * A path segment or a query value is looked up in the database as it is (an id, a handle, a
 * client_id, a stored page's path), so this is checked once, for every route, before any of them
 * reads the address. An address holds a NUL only as `%00` (the URL parser encodes a raw one, and
 * `%00` always decodes to one), and decoding never makes the other text PostgreSQL refuses, a
 * lone surrogate (bytes that are not UTF-8 become U+FFFD or stay encoded): so `%00` is the one
 * thing to look for.
 */
export function unstorablePart(url: URL): "path" | "query" | null {
  if (url.pathname.includes("%00")) return "path";
  if (url.search.includes("%00")) return "query";
  return null;
}

/**
 * Answers an address that carries such text before any route sees it: a path that has it names
 * nothing that can exist (404); a query that has it is the client's mistake (400). Each in the
 * shape the route's own clients read: the API's error body, RFC 6749's for the OAuth endpoints,
 * a short page for people.
 */
export function refuseUnstorableAddress(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Most addresses are let through on one search of the text, without parsing it.
    if (!c.req.url.includes("%00")) return next();
    const url = new URL(c.req.url);
    const part = unstorablePart(url);
    if (!part) return next();
    c.header("Cache-Control", "no-store");
    const path = url.pathname;
    if (path.startsWith("/api/") || path === "/mcp") {
      return errorResponse(
        c,
        part === "path"
          ? new AppError("not_found", "No such address")
          : new AppError("invalid_input", "The query has a NUL character"),
      );
    }
    if (
      path.startsWith("/.well-known/") ||
      (path.startsWith("/oauth/") && path !== "/oauth/authorize")
    ) {
      const refusal = new OAuthError("invalid_request", "The request has a NUL character");
      return c.json(refusal.body(), part === "path" ? 404 : refusal.status);
    }
    return part === "path" ? refusedPage(c, 404) : refusedPage(c, 400);
  };
}

const texts = {
  404: { title: "Page not found", text: "There is no page at this address." },
  400: { title: "Address not understood", text: "This address has a character it cannot have." },
};

function refusedPage(c: Context<AppEnv>, status: 400 | 404) {
  const { title, text } = texts[status];
  return c.html(
    html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} | PromptShelf</title>
  </head>
  <body>
    <main>
      <h1>${title}</h1>
      <p>${text}</p>
      <p><a href="/">Go to PromptShelf</a></p>
    </main>
  </body>
</html>`,
    status,
  );
}
