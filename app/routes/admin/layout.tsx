import { Outlet } from "react-router";
import { ErrorView } from "~/components/layout/error-view.tsx";
import { requireAdmin } from "~/routes/guards.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export default function AdminLayout() {
  return <Outlet />;
}

/** Inside the library layout, which keeps its header around the error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
