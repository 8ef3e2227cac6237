import { useEffect } from "react";
import { data, Link, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button.tsx";
import { appContext, viewerContext } from "~/lib/app-context.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/not-found";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { log } = context.get(appContext);
  const viewer = context.get(viewerContext);
  log.warn({ path: url.pathname }, "page not found");
  return data({ signedIn: Boolean(await viewer()) }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    origin: originFrom(matches),
    path: location.pathname,
    title: "Page Not Found | PromptShelf",
    description: "The page you're looking for doesn't exist or has been moved.",
    noindex: true,
  });

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // The spec logs a 404 to the browser's console. A warning, not an error: the page works as
  // intended, and errors are what browser tests and Lighthouse count as faults.
  useEffect(() => {
    console.warn(`404 Page Not Found: ${pathname}`);
  }, [pathname]);
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[80vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <p className="text-6xl font-bold text-accent-text">404</p>
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="text-muted">The page you're looking for doesn't exist or has been moved.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses("primary")}>
          Go Home
        </Link>
        {loaderData.signedIn ? (
          <Link to="/dashboard" className={buttonClasses("secondary")}>
            Back to Dashboard
          </Link>
        ) : null}
      </div>
    </main>
  );
}
