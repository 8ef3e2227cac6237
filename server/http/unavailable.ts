import type { Context } from "hono";
import { html } from "hono/html";
import { unavailableText } from "../../shared/messages.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./app-env.ts";
import { errorResponse } from "./errors.ts";

const retryAfterSeconds = "5";

const page = html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Briefly unavailable | PromptShelf</title>
  </head>
  <body>
    <main>
      <h1>PromptShelf</h1>
      <p>${unavailableText}</p>
      <p><a href="">Try again</a></p>
    </main>
  </body>
</html>`;

/** The answer while the database cannot be reached: 503, a clear message, a hint when to retry. */
export function unavailableResponse(c: Context<AppEnv>) {
  c.header("Retry-After", retryAfterSeconds);
  c.header("Cache-Control", "no-store");
  if (c.req.path.startsWith("/api/")) {
    return errorResponse(c, new AppError("unavailable", unavailableText));
  }
  return c.html(page, 503);
}
