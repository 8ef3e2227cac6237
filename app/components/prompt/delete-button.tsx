import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useRef, useState } from "react";
import { Button, buttonClasses } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";

/**
 * Asks before deleting: a deleted prompt cannot be brought back. The dialog is only built when
 * first opened, so a list of cards renders plain buttons.
 */
export function DeleteButton(props: {
  title: string;
  busy: boolean;
  onConfirm: () => void;
  label?: string;
  variant?: "icon" | "text";
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const button =
    props.variant === "text" ? (
      <Button
        ref={trigger}
        variant="danger"
        size="sm"
        disabled={props.busy}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {props.label ?? "Delete"}
      </Button>
    ) : (
      <button
        ref={trigger}
        type="button"
        aria-label={props.label ?? `Delete ${props.title}`}
        aria-haspopup="dialog"
        disabled={props.busy}
        onClick={() => setOpen(true)}
        className="card-icon-button card-delete"
      >
        <Icon name="trash" className="h-4 w-4" />
      </button>
    );
  if (!open) return button;
  return (
    <>
      {button}
      <DeleteDialog
        title={props.title}
        onConfirm={props.onConfirm}
        onClose={() => {
          setOpen(false);
          trigger.current?.focus();
        }}
      />
    </>
  );
}

function DeleteDialog(props: { title: string; onConfirm: () => void; onClose: () => void }) {
  return (
    <AlertDialog.Root defaultOpen onOpenChange={(open) => !open && props.onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-fg">
            Delete this prompt?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            "{props.title}" will be deleted for good.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses("secondary")}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses("danger")} onClick={props.onConfirm}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
