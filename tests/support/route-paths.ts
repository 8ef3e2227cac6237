import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Every page a route table declares, with a made-up path standing in for the catch-all. */
export function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === "*" ? "no-such-page" : entry.path;
    const here = path ? `${parent}/${path}` : parent;
    if (entry.children) return routePaths(entry.children, here);
    return entry.index || path ? [here || "/"] : [];
  });
}
