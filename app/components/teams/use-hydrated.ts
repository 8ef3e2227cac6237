import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's page and until the browser's script has taken it over, then true. The
 * team forms act through the API only, so they wait for it: a choice made before (a role picked
 * in the page as sent) would be reset as the script takes over, and a press would post the
 * form nowhere.
 */
export function useHydrated() {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
