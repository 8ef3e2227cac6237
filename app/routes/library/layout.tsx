import { Outlet } from "react-router";
import { KeyboardLayer } from "~/components/keyboard/keyboard-layer.tsx";
import { AppHeader } from "~/components/layout/app-header.tsx";
import { ErrorView } from "~/components/layout/error-view.tsx";
import { requireSignedIn } from "~/routes/guards.server.ts";
import { signedInUser } from "~/routes/viewer.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [requireSignedIn];

export async function loader({ context }: Route.LoaderArgs) {
  return { user: await signedInUser(context) };
}

export default function LibraryLayout({ loaderData }: Route.ComponentProps) {
  return (
    <KeyboardLayer>
      <AppHeader user={loaderData.user} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </KeyboardLayer>
  );
}

/**
 * A signed-in page failed: the header stays, so every other page is still a click away. Without
 * the person (this layout's own loader failed) there is no header to show.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <>
      {loaderData ? <AppHeader user={loaderData.user} /> : null}
      <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <ErrorView error={error} />
      </main>
    </>
  );
}
