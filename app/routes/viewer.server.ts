import type { RouterContextProvider } from "react-router";
import { viewerContext } from "~/lib/app-context.ts";
import { sessionUser, type Viewer } from "../../server/auth/viewer.ts";
import type { SessionUser } from "../../shared/session-user.ts";

/** The signed-in viewer on a page behind requireSignedIn, where there always is one. */
export async function signedInViewer(context: Readonly<RouterContextProvider>): Promise<Viewer> {
  const viewer = await context.get(viewerContext)();
  if (!viewer) throw new Error("signedInViewer used on a page without requireSignedIn");
  return viewer;
}

/** The signed-in person as their pages' header shows them, on a page behind requireSignedIn. */
export async function signedInUser(context: Readonly<RouterContextProvider>): Promise<SessionUser> {
  return sessionUser(await signedInViewer(context));
}
