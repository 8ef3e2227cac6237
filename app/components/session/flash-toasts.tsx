import { useEffect } from "react";
import { useLocation } from "react-router";
import { showNotice } from "~/lib/notify.ts";
import { takeFlash } from "../../../shared/flash.ts";
import { useSession } from "./session-provider.tsx";

/** Shows the notice a redirect left behind (signed in, signed out, access denied...). */
export function FlashToasts() {
  const location = useLocation();
  const { announceChange } = useSession();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a redirect can leave a notice at every navigation.
  useEffect(() => {
    const flash = takeFlash();
    if (!flash) return;
    showNotice(flash);
    if (flash.sessionChanged) announceChange();
  }, [location.key, announceChange]);
  return null;
}
