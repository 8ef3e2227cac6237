import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useId, useRef, useState } from "react";
import { Button, buttonClasses } from "~/components/ui/button.tsx";

/**
 * Asks before a team action that cannot be undone (remove, leave, revoke, delete), or that makes
 * a prompt public (sharing a team's prompt with the community). The dialog
 * stays open, busy, until the server has answered, so a refusal is told where the person is
 * looking. With `typed`, the action waits until the person has typed the text asked for, as
 * deleting an account does. Focus is handed back by the caller (`onClosed`), which knows whether
 * what the dialog was about is still on the page.
 */
export function ConfirmDialog(props: {
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** Null when done, else what to tell the person. */
  onConfirm: () => Promise<string | null>;
  onClosed: (done: boolean) => void;
  typed?: { label: string; expected: string };
  /** What the action does: undone only by hand (danger, the default), or not harmful. */
  variant?: "danger" | "primary";
}) {
  const ids = useId();
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [typed, setTyped] = useState("");
  const typedField = useRef<HTMLInputElement>(null);
  const confirmed =
    !props.typed || typed.trim().toLowerCase() === props.typed.expected.trim().toLowerCase();

  async function confirm() {
    if (busy || !confirmed) return;
    setBusy(true);
    setProblem(null);
    const failure = await props.onConfirm();
    setBusy(false);
    if (failure) return setProblem(failure);
    setDone(true);
    setOpen(false);
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <AlertDialog.Content
          // Cancel takes focus, as in every alert dialog; with a text to type, its field does.
          onOpenAutoFocus={(event) => {
            if (!typedField.current) return;
            event.preventDefault();
            typedField.current.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.onClosed(done);
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-2xl"
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            <AlertDialog.Title className="text-lg font-semibold break-words text-fg">
              {props.title}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 break-words text-muted">
              {props.description}
            </AlertDialog.Description>
            {props.typed ? (
              <div className="mt-4">
                <label htmlFor={`${ids}-typed`} className="text-sm font-medium break-words text-fg">
                  {props.typed.label}
                </label>
                <input
                  ref={typedField}
                  id={`${ids}-typed`}
                  autoComplete="off"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  className="mt-1 block w-full rounded-lg border-0 px-3 py-2 text-fg ring-1 ring-line-strong ring-inset focus:ring-2 focus:ring-danger focus:ring-inset"
                />
              </div>
            ) : null}
            {problem ? (
              <p
                role="alert"
                className="mt-4 rounded-lg bg-danger-soft p-3 text-sm text-danger-text ring-1 ring-danger-line"
              >
                {problem}
              </p>
            ) : null}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel className={buttonClasses("secondary")} disabled={busy}>
                Cancel
              </AlertDialog.Cancel>
              <Button
                type="submit"
                variant={props.variant ?? "danger"}
                disabled={!confirmed}
                aria-busy={busy || undefined}
              >
                {busy ? props.busyLabel : props.confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
