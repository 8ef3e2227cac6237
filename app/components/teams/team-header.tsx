import { Link, NavLink } from "react-router";
import { cx } from "~/lib/cx.ts";
import type { TeamRole } from "../../../shared/teams.ts";
import { roleNames } from "./team-text.ts";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-focus",
    isActive ? "bg-accent-soft text-accent-text" : "text-fg-soft hover:bg-subtle",
  );

/**
 * The top of a team's own pages: the way back to Teams, the team's name and the person's role,
 * and its three pages (the one shown marked as current).
 */
export function TeamHeader(props: {
  team: { id: string; name: string; role: TeamRole };
  page: string;
}) {
  const { team } = props;
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <Link
          to="/teams"
          className="font-medium text-accent-text underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
        >
          Teams
        </Link>
      </p>
      <div>
        <h1 className="text-3xl font-bold tracking-tight wrap-anywhere text-fg">
          {team.name}
          <span className="sr-only">: {props.page}</span>
        </h1>
        <p className="mt-1 text-muted">Your role: {roleNames[team.role]}</p>
      </div>
      <nav aria-label="Team pages" className="-mx-1 flex flex-wrap gap-1">
        <NavLink to={`/teams/${team.id}`} end className={tabClass}>
          Library
        </NavLink>
        <NavLink to={`/teams/${team.id}/members`} className={tabClass}>
          Members
        </NavLink>
        <NavLink to={`/teams/${team.id}/activity`} className={tabClass}>
          Activity
        </NavLink>
      </nav>
    </div>
  );
}
