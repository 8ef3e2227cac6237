import type { SessionUser } from "../../shared/session-user.ts";
import { topics } from "../../shared/topics.ts";

/** The signed-in menu's main links. */
export function mainLinks(user: Pick<SessionUser, "isAdmin">) {
  return [
    ...(user.isAdmin ? [{ to: "/admin", label: "Admin" }] : []),
    { to: "/dashboard", label: "Personal" },
    { to: "/central", label: "Central" },
  ];
}

/** The Libraries menu: every shared prompt, then each topic library. */
export const libraryLinks = [
  { to: "/community", label: "All shared prompts" },
  ...topics.map((topic) => ({ to: topic.path, label: topic.name })),
];
