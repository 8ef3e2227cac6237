import type { RouterContextProvider } from "react-router";
import { appContext, viewerContext } from "~/lib/app-context.ts";
import { highlightsForViewer } from "../../../server/community/highlights-for-viewer.ts";

/** The community's highlights, as the signed-in person's own cards show them. */
export async function loadViewerHighlights(context: Readonly<RouterContextProvider>) {
  const { db, highlights } = context.get(appContext);
  const viewer = context.get(viewerContext);
  const [who, chosen] = await Promise.all([viewer(), highlights()]);
  if (!who) return undefined;
  return highlightsForViewer({ db, viewer: who, highlights: chosen });
}
