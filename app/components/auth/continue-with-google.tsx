import { useState } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { GoogleIcon } from "./google-icon.tsx";

/** Leaves for the identity provider; the server brings the person back to this page. */
export function ContinueWithGoogle() {
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="lg"
      className="w-full"
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        window.location.assign(`/auth/login?returnTo=${encodeURIComponent(location.pathname)}`);
      }}
    >
      <GoogleIcon />
      {busy ? "Signing in..." : "Continue with Google"}
    </Button>
  );
}
