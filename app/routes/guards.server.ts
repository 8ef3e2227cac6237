import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { appContext, viewerContext } from "~/lib/app-context.ts";
import { landingPath, safeReturnPath } from "../../server/auth/sign-in-routes.ts";
import { servesHttps } from "../../server/config.ts";
import { flashCookie } from "../../shared/flash.ts";
import { messages } from "../../shared/messages.ts";

/**
 * Signed-in pages a link brings a visitor to, who should find it again once signed in: an
 * invitation's link goes to the sign-in page, which comes back to it.
 */
const returnsAfterSignIn = /^\/invitations\/[^/]+$/;

/**
 * Signed-in pages: a visitor goes home with a notice (to the sign-in page and back, from a link
 * in returnsAfterSignIn). Their responses are never stored, so Back after signing out shows
 * nothing private. Form submissions pass through: the domain operation answers them (a lapsed
 * session gets "You must be logged in to save prompts", not a redirect).
 */
export const requireSignedIn: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { config } = context.get(appContext);
  const viewer = context.get(viewerContext);
  const reading = request.method === "GET" || request.method === "HEAD";
  if (reading && !(await viewer())) {
    // A client navigation asks for the page's data at its path with ".data" after it.
    const path = new URL(request.url).pathname.replace(/\.data$/, "");
    const to = returnsAfterSignIn.test(path) ? `/login?returnTo=${encodeURIComponent(path)}` : "/";
    throw redirect(to, {
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

/**
 * Where the sign-in page was asked to come back to (`?returnTo=`), if a path on this site; the
 * server checks it again as the sign-in starts (safeReturnPath), so no link leads off the site.
 */
export function signInReturnPath(request: Request) {
  return safeReturnPath(new URL(request.url).searchParams.get("returnTo") ?? undefined);
}

/** The sign-in page: someone already signed in goes on to where signing in would take them. */
export async function leaveSignInPage(context: Readonly<RouterContextProvider>, returnTo = "/") {
  const viewer = await context.get(viewerContext)();
  if (viewer) throw redirect(landingPath(returnTo, viewer.isAdmin));
}

function noticeCookie(notice: Parameters<typeof flashCookie>[0], config: { publicOrigin: string }) {
  return flashCookie(notice, servesHttps(config));
}
