import { topics } from "./topics.ts";

/** The signed-in pages that list prompts (see routes.ts); the server keeps them in memory per person. */
export const libraryPagePaths = [
  "/dashboard",
  "/personal",
  "/central",
  "/community",
  "/favourites",
  ...topics.map((topic) => topic.path),
];
