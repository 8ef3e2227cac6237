import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "../../shared/session-user.ts";

/** The person on a signed-in page (the library layout's loader provides them). */
export function useSignedInUser(): SessionUser {
  const data = useRouteLoaderData("library") as { user: SessionUser } | undefined;
  if (!data) throw new Error("useSignedInUser used outside the signed-in layout");
  return data.user;
}
