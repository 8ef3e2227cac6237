import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useState } from "react";
import { Button, buttonClasses } from "~/components/ui/button.tsx";
import type { AccessTokenInfo } from "../../../shared/access-tokens.ts";

/**
 * Asks before revoking: whatever uses the token stops working at once. The dialog stays open,
 * busy, until the server has answered, so a failure is told where the person is looking.
 * Focus is handed back by the caller (`onClosed`), which knows whether the token is still there.
 */
export function RevokeTokenDialog(props: {
  token: AccessTokenInfo;
  onRevoke: () => Promise<string | null>;
  onClosed: (revoked: boolean) => void;
}) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [revoked, setRevoked] = useState(false);

  async function revoke() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const failure = await props.onRevoke();
    setBusy(false);
    if (failure) return setProblem(failure);
    setRevoked(true);
    setOpen(false);
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.onClosed(revoked);
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-semibold break-words text-fg">
            Revoke {props.token.name}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            Anything using it stops working at once.
          </AlertDialog.Description>
          {problem ? (
            <p
              role="alert"
              className="mt-4 rounded-lg bg-danger-soft p-3 text-sm text-danger-text ring-1 ring-danger-line"
            >
              {problem}
            </p>
          ) : null}
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses("secondary")} disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <Button variant="danger" aria-busy={busy || undefined} onClick={() => void revoke()}>
              {busy ? "Revoking..." : "Revoke"}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
