import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { GoogleIcon } from "./google-icon.tsx";
import { markSignInStarted } from "./sign-in-started.ts";

/**
 * Leaves for the identity provider; the server brings the person back to this page (or to
 * `returnTo`). A plain
 * form post, so it works before (or without) JavaScript, and only our own pages can start a
 * sign-in: the server refuses the post from any other site.
 */
export function ContinueWithGoogle(props: { returnTo?: string }) {
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  // Back from the provider, the browser may show this page as it was left: busy.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);
  return (
    <form
      method="post"
      action="/auth/login"
      onSubmit={() => {
        setBusy(true);
        markSignInStarted();
      }}
    >
      <input type="hidden" name="returnTo" value={props.returnTo ?? location.pathname} />
      <Button
        type="submit"
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={busy}
        aria-busy={busy}
        // In the sign-in dialog, the way in is what focus starts on.
        data-autofocus
      >
        <GoogleIcon />
        {busy ? "Signing in..." : "Continue with Google"}
      </Button>
    </form>
  );
}
