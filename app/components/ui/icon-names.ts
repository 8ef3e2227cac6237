/**
 * Every icon the app draws, each named after the lucide-react icon it is drawn from. They are
 * sent once, as one cached sprite (icons.svg, made from this list by `npm run icons`), and each
 * use is a `<use>` of it: a card's icons cost a few bytes of markup instead of their paths.
 */
export const iconSources = {
  "arrow-left": "ArrowLeft",
  "bookmark-check": "BookmarkCheck",
  "bookmark-plus": "BookmarkPlus",
  braces: "Braces",
  check: "Check",
  "check-circle": "CircleCheck",
  "chevron-down": "ChevronDown",
  copy: "Copy",
  download: "Download",
  "external-link": "ExternalLink",
  folder: "Folder",
  "folder-input": "FolderInput",
  "folder-plus": "FolderPlus",
  "folder-tree": "FolderTree",
  inbox: "Inbox",
  "layout-template": "LayoutTemplate",
  library: "Library",
  loader: "LoaderCircle",
  "log-out": "LogOut",
  menu: "Menu",
  monitor: "Monitor",
  "monitor-smartphone": "MonitorSmartphone",
  moon: "Moon",
  "more-horizontal": "Ellipsis",
  pencil: "Pencil",
  plus: "Plus",
  "refresh-cw": "RefreshCw",
  search: "Search",
  settings: "Settings",
  "shield-check": "ShieldCheck",
  sparkles: "Sparkles",
  star: "Star",
  sun: "Sun",
  trash: "Trash",
  upload: "Upload",
  "user-search": "UserSearch",
  x: "X",
  "x-circle": "CircleX",
} as const;

export type IconName = keyof typeof iconSources;
