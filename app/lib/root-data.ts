import { useRouteLoaderData } from "react-router";

export interface RootData {
  origin: string;
  devSignIn: boolean;
  contact: { supportEmail: string; legalEmail: string; videoChannelUrl: string };
}

/** The root loader's data: the same for every visitor, so public pages stay cacheable. */
export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useRootData needs the root route's data");
  return data;
}
