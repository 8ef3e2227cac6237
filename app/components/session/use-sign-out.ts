import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import { useSession } from "./session-provider.tsx";

/** Ends the session on the server, tells the other tabs, and goes home. */
export function useSignOut() {
  const navigate = useNavigate();
  const { announceChange } = useSession();
  const [busy, setBusy] = useState(false);
  const signOut = useCallback(async () => {
    setBusy(true);
    try {
      const response = await fetch("/auth/logout", {
        method: "POST",
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
      // Pushed, not replaced: Back then asks for the private page again and is refused.
      await navigate("/");
      showNotice(messages.signedOut);
      announceChange();
    } catch {
      showNotice(messages.signOutFailed);
    } finally {
      setBusy(false);
    }
  }, [navigate, announceChange]);
  return { signOut, busy };
}
