import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { appContext, viewerContext } from "~/lib/app-context.ts";
import { landingPath } from "../../server/auth/sign-in-routes.ts";
import { servesHttps } from "../../server/config.ts";
import { flashCookie } from "../../shared/flash.ts";
import { messages } from "../../shared/messages.ts";

/**
 * Signed-in pages: a visitor goes home with a notice. Their responses are never stored, so Back
 * after signing out shows nothing private. Form submissions pass through: the domain operation
 * answers them (a lapsed session gets "You must be logged in to save prompts", not a redirect).
 */
export const requireSignedIn: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { config } = context.get(appContext);
  const viewer = context.get(viewerContext);
  const reading = request.method === "GET" || request.method === "HEAD";
  if (reading && !(await viewer())) {
    throw redirect("/", {
      headers: { "Set-Cookie": noticeCookie(messages.signInRequired, config) },
    });
  }
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  return response;
};

/** Administrator pages: anyone else goes to their dashboard with a notice. */
export const requireAdmin: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { config } = context.get(appContext);
  const viewer = context.get(viewerContext);
  if (!(await viewer())?.isAdmin) {
    throw redirect("/dashboard", {
      headers: { "Set-Cookie": noticeCookie(messages.adminRequired, config) },
    });
  }
  return next();
};

/** The sign-in page: someone already signed in goes on to where signing in would take them. */
export async function leaveSignInPage(context: Readonly<RouterContextProvider>) {
  const viewer = await context.get(viewerContext)();
  if (viewer) throw redirect(landingPath("/login", viewer.isAdmin));
}

function noticeCookie(notice: Parameters<typeof flashCookie>[0], config: { publicOrigin: string }) {
  return flashCookie(notice, servesHttps(config));
}
