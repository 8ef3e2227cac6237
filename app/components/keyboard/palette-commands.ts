import type { Folder, Tag } from "~/components/organise/library-context.tsx";
import type { IconName } from "~/components/ui/icon-names.ts";
import { libraryLinks, mainLinks } from "~/lib/navigation.ts";
import type { ThemeChoice } from "~/lib/theme.ts";
import type { SessionUser } from "../../../shared/session-user.ts";
import type { TeamSummary } from "../../../shared/teams.ts";

export const commandGroups = ["Actions", "Go to", "Teams", "Folders", "Tags", "Theme"] as const;

export interface PaletteCommand {
  id: string;
  group: (typeof commandGroups)[number];
  label: string;
  /** Other words it is found by. */
  keywords?: string;
  icon: IconName;
  run: () => void;
}

export interface CommandActions {
  newPrompt: () => void;
  showShortcuts: () => void;
  signOut: () => void;
  go: (path: string) => void;
  setTheme: (choice: ThemeChoice) => void;
}

/** Words people look for a page by, besides its menu name. */
const pageKeywords: Record<string, string> = {
  "/dashboard": "dashboard home my prompts",
  "/central": "community shared",
  "/favourites": "starred stars",
  "/settings": "account export import backup tokens appearance",
  "/admin": "administrator global",
};

/** Each folder's name with its parents', "Work / Clients", for folders of the same name. */
function folderPath(folder: Folder, byId: Map<string, Folder>) {
  const names = [folder.name];
  const seen = new Set([folder.id]);
  for (let parent = folder.parentId ? byId.get(folder.parentId) : undefined; parent; ) {
    if (seen.has(parent.id)) break;
    seen.add(parent.id);
    names.unshift(parent.name);
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  }
  return names.join(" / ");
}

/** Everything the palette can do besides finding prompts, for this person. */
export function paletteCommands(options: {
  user: Pick<SessionUser, "isAdmin">;
  folders: Folder[];
  tags: Tag[];
  teams: Pick<TeamSummary, "id" | "name">[];
  actions: CommandActions;
}): PaletteCommand[] {
  const { actions } = options;
  const pages = [
    ...mainLinks(options.user),
    { to: "/favourites", label: "Favourites" },
    { to: "/settings", label: "Settings" },
    ...libraryLinks,
  ];
  const byId = new Map(options.folders.map((folder) => [folder.id, folder]));
  return [
    {
      id: "new-prompt",
      group: "Actions",
      label: "New prompt",
      keywords: "add create write share",
      icon: "plus",
      run: actions.newPrompt,
    },
    {
      id: "shortcuts",
      group: "Actions",
      label: "Keyboard shortcuts",
      keywords: "help keys",
      icon: "sparkles",
      run: actions.showShortcuts,
    },
    {
      id: "sign-out",
      group: "Actions",
      label: "Sign out",
      keywords: "log out logout",
      icon: "log-out",
      run: actions.signOut,
    },
    ...pages.map(
      (page): PaletteCommand => ({
        id: `page:${page.to}`,
        group: "Go to",
        label: page.label,
        keywords: pageKeywords[page.to],
        icon: "library",
        run: () => actions.go(page.to),
      }),
    ),
    ...options.teams.map(
      (team): PaletteCommand => ({
        id: `team:${team.id}`,
        group: "Teams",
        label: team.name,
        keywords: "team library shared",
        icon: "users",
        run: () => actions.go(`/teams/${team.id}`),
      }),
    ),
    ...options.folders.map(
      (folder): PaletteCommand => ({
        id: `folder:${folder.id}`,
        group: "Folders",
        label: folderPath(folder, byId),
        icon: "folder",
        run: () => actions.go(`/dashboard?${new URLSearchParams({ folder: folder.id })}`),
      }),
    ),
    ...options.tags.map(
      (tag): PaletteCommand => ({
        id: `tag:${tag.name}`,
        group: "Tags",
        label: `#${tag.name}`,
        icon: "bookmark-check",
        run: () => actions.go(`/dashboard?${new URLSearchParams({ tag: tag.name })}`),
      }),
    ),
    ...(
      [
        ["light", "Light", "sun"],
        ["dark", "Dark", "moon"],
        ["system", "Same as the system", "monitor"],
      ] as const
    ).map(
      ([choice, label, icon]): PaletteCommand => ({
        id: `theme:${choice}`,
        group: "Theme",
        label,
        keywords: "theme appearance colour color",
        icon,
        run: () => actions.setTheme(choice),
      }),
    ),
  ];
}

/**
 * Whether a command answers what was typed: each word typed starts a word of its name, its
 * group's name or its keywords ("go cent" finds Central, "dark" the dark theme); nothing
 * answers a term without a letter or digit.
 */
export function matchesCommand(
  command: Pick<PaletteCommand, "group" | "label" | "keywords">,
  term: string,
) {
  const words = `${command.group} ${command.label} ${command.keywords ?? ""}`
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const typed = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return typed.length > 0 && typed.every((part) => words.some((word) => word.startsWith(part)));
}
