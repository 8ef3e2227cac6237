import { data, type RouterContextProvider } from "react-router";
import { appContext } from "~/lib/app-context.ts";
import { signedInViewer } from "~/routes/viewer.server.ts";
import { memberOf } from "../../../server/teams/team-access.ts";
import type { TeamRole } from "../../../shared/teams.ts";

/** A team as its own pages show it: its name and the person's role in it. */
export interface TeamHeading {
  id: string;
  name: string;
  role: TeamRole;
}

/**
 * The team a team page (members, activity) is about, read as the API reads it: to anyone not in
 * it, the page is not found (404), as the team is.
 */
export async function loadTeamHeading(
  context: Readonly<RouterContextProvider>,
  teamId: string,
): Promise<{ team: TeamHeading }> {
  const { db } = context.get(appContext);
  const found = await memberOf(db, await signedInViewer(context), teamId);
  if (!found) throw data("Team not found", { status: 404 });
  return { team: { id: teamId, name: found.name, role: found.role } };
}
