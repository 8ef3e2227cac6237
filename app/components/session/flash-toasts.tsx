import { useEffect } from "react";
import { useLocation } from "react-router";
import { takeSignInStarted } from "~/components/auth/sign-in-started.ts";
import { showNotice } from "~/lib/notify.ts";
import { takeFlash } from "../../../shared/flash.ts";
import { messages } from "../../../shared/messages.ts";
import { useSession } from "./session-provider.tsx";

/**
 * Shows the notice a redirect left behind (signed in, signed out, access denied...). Back signed
 * in from a sign-in this tab started, the sign-in card's own notice shows first, then the welcome.
 */
export function FlashToasts() {
  const location = useLocation();
  const { announceChange } = useSession();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a redirect can leave a notice at every navigation.
  useEffect(() => {
    const flash = takeFlash();
    if (!flash) return;
    const welcomed = flash.title === messages.welcome("").title && flash.kind === "success";
    if (takeSignInStarted() && welcomed) showNotice(messages.signedInWithGoogle);
    showNotice(flash);
    if (flash.sessionChanged) announceChange();
  }, [location.key, announceChange]);
  return null;
}
