import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { pages } from "../shared/pages.ts";

/** The routes of the registry's pages whose module sits in a folder of app/routes. */
function routesIn(folder: string) {
  return pages
    .filter((page) => page.file.startsWith(`routes/${folder}/`))
    .map((page) =>
      page.path === "/"
        ? index(page.file)
        : route(page.path.slice(1), page.file, page.id ? { id: page.id } : {}),
    );
}

export default [
  // The OAuth consent page stands alone: no site navigation to wander off through mid-consent.
  ...routesIn("oauth"),
  layout("routes/public/layout.tsx", [
    ...routesIn("public"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  layout("routes/library/layout.tsx", { id: "library" }, [
    ...routesIn("library"),
    layout("routes/admin/layout.tsx", routesIn("admin")),
  ]),
] satisfies RouteConfig;
