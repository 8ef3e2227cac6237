import { Outlet } from "react-router";
import { requireAdmin } from "~/routes/guards.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export default function AdminLayout() {
  return <Outlet />;
}
