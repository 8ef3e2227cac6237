import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { buttonClasses } from "~/components/ui/button.tsx";

/** Asks before a form with typed text is closed; keeping on editing is the safe default. */
export function DiscardChangesDialog(props: {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
  /** Puts focus back where the person was typing; the dialog has no trigger to return to. */
  returnFocus: () => void;
}) {
  return (
    <AlertDialog.Root open={props.open} onOpenChange={(open) => !open && props.onKeepEditing()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.returnFocus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-fg">
            Discard your changes?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            What you typed in this form will be lost.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses("secondary")}>
              Keep editing
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses("danger")} onClick={props.onDiscard}>
              Discard
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
