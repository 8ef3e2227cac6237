import { Outlet } from "react-router";
import { AppHeader } from "~/components/layout/app-header.tsx";
import { requireSignedIn } from "~/routes/guards.server.ts";
import { sessionUser, signedInViewer } from "~/routes/viewer.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [requireSignedIn];

export async function loader({ context }: Route.LoaderArgs) {
  return { user: sessionUser(await signedInViewer(context)) };
}

export default function LibraryLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AppHeader user={loaderData.user} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </>
  );
}
