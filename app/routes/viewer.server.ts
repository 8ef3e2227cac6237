import type { RouterContextProvider } from "react-router";
import { appContext } from "~/lib/app-context.ts";
import type { Viewer } from "../../server/auth/viewer.ts";

/** The signed-in viewer on a page behind requireSignedIn, where there always is one. */
export async function signedInViewer(context: Readonly<RouterContextProvider>): Promise<Viewer> {
  const viewer = await context.get(appContext).viewer();
  if (!viewer) throw new Error("signedInViewer used on a page without requireSignedIn");
  return viewer;
}
