import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { landingPages } from "../shared/landing-pages.ts";
import { topics } from "../shared/topics.ts";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("login", "routes/public/login.tsx"),
    route("privacy", "routes/public/legal/privacy.tsx"),
    route("terms", "routes/public/legal/terms.tsx"),
    route("cookies", "routes/public/legal/cookies.tsx"),
    ...landingPages.map((page) =>
      route(page.path.slice(1), "routes/public/landing-page.tsx", { id: `landing${page.path}` }),
    ),
    route("*", "routes/public/not-found.tsx"),
  ]),
  layout("routes/library/layout.tsx", { id: "library" }, [
    route("dashboard", "routes/library/dashboard.tsx"),
    route("personal", "routes/library/dashboard.tsx", { id: "personal" }),
    route("central", "routes/library/central.tsx"),
    route("community", "routes/library/community.tsx"),
    route("favourites", "routes/library/favourites.tsx"),
    route("settings", "routes/library/settings.tsx"),
    ...topics.map((topic) =>
      route(topic.path.slice(1), "routes/library/topic-library.tsx", {
        id: `topic-${topic.category}`,
      }),
    ),
    layout("routes/admin/layout.tsx", [route("admin", "routes/admin/admin-dashboard.tsx")]),
  ]),
] satisfies RouteConfig;
