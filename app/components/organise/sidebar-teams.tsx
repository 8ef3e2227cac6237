import { Link, useLocation } from "react-router";
import { Icon } from "~/components/ui/icon.tsx";
import { cx } from "~/lib/cx.ts";
import type { TeamSummary } from "../../../shared/teams.ts";

const linkClass = "flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 font-medium";

/**
 * The library switcher: each team's library (and, away from it, the person's own prompts), the
 * one shown marked. On a team's library, that team's members and log are a click away.
 */
export function SidebarTeams(props: { teams: TeamSummary[]; showOwn?: boolean }) {
  const { pathname } = useLocation();
  const current = (path: string) => pathname === path;
  const item = (to: string, label: string, icon: "library" | "users") => (
    <Link
      to={to}
      aria-current={current(to) ? "page" : undefined}
      className={cx(
        linkClass,
        current(to) ? "bg-accent-soft text-accent-text" : "text-fg hover:bg-subtle",
      )}
    >
      <Icon name={icon} className="h-4 w-4 shrink-0" />
      <span className="truncate">{label}</span>
    </Link>
  );
  return (
    <section aria-labelledby="teams-heading">
      <h2
        id="teams-heading"
        className="mb-1 px-2 text-xs font-semibold tracking-wide text-faint uppercase"
      >
        {props.showOwn ? "Libraries" : "Teams"}
      </h2>
      <ul className="space-y-0.5">
        {props.showOwn ? <li>{item("/personal", "My prompts", "library")}</li> : null}
        {props.teams.map((team) => {
          const path = `/teams/${team.id}`;
          return (
            <li key={team.id}>
              {item(path, team.name, "users")}
              {pathname.startsWith(path) ? (
                <ul className="ms-6 space-y-0.5">
                  <li>
                    <Link
                      to={`${path}/members`}
                      className="block rounded-md px-2 py-1 text-muted hover:bg-subtle hover:text-fg"
                    >
                      Members
                    </Link>
                  </li>
                  <li>
                    <Link
                      to={`${path}/activity`}
                      className="block rounded-md px-2 py-1 text-muted hover:bg-subtle hover:text-fg"
                    >
                      Activity
                    </Link>
                  </li>
                </ul>
              ) : null}
            </li>
          );
        })}
        <li>
          <Link to="/teams" className={cx(linkClass, "text-muted hover:bg-subtle hover:text-fg")}>
            <Icon name="plus" className="h-4 w-4 shrink-0" />
            {props.teams.length === 0 ? "Start a team" : "All teams"}
          </Link>
        </li>
      </ul>
    </section>
  );
}
