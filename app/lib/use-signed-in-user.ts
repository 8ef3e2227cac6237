import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "../../shared/session-user.ts";

/** The person on a signed-in page (the library layout's loader provides them). */
export function useSignedInUser(): SessionUser {
  const user = useSignedInUserIfAny();
  if (!user) throw new Error("useSignedInUser used outside the signed-in layout");
  return user;
}

/** The signed-in person, or null on a page outside the signed-in layout. */
export function useSignedInUserIfAny(): SessionUser | null {
  const data = useRouteLoaderData("library") as { user: SessionUser } | undefined;
  return data?.user ?? null;
}
