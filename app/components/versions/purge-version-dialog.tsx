import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useState } from "react";
import { Button, buttonClasses } from "~/components/ui/button.tsx";

/**
 * Asks before purging a version: its text, use case and note go for good, from the history, the
 * public page and every export; the history keeps only that it was purged, by whom and when. It
 * stays open, busy, until the server has answered. Cancel is focused first; Escape cancels.
 */
export function PurgeVersionDialog(props: {
  number: number;
  onPurge: () => Promise<boolean>;
  onClosed: () => void;
}) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);

  async function purge() {
    if (busy) return;
    setBusy(true);
    const purged = await props.onPurge();
    setBusy(false);
    if (purged) setOpen(false);
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.onClosed();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-fg">
            Purge version {props.number}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            Its text, use case and note are deleted for good, from the history, the public page and
            every export. The history will show only that it was purged, by you, today. Copies
            others saved before stay theirs.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses("secondary")} disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <Button variant="danger" aria-busy={busy || undefined} onClick={() => void purge()}>
              {busy ? "Purging..." : `Purge version ${props.number}`}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
