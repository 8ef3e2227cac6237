import type { SessionUser } from "../../shared/session-user.ts";

/** The signed-in menu's main links; the Libraries group comes from topics. */
export function mainLinks(user: Pick<SessionUser, "isAdmin">) {
  return [
    ...(user.isAdmin ? [{ to: "/admin", label: "Admin" }] : []),
    { to: "/dashboard", label: "Personal" },
    { to: "/central", label: "Central" },
  ];
}
