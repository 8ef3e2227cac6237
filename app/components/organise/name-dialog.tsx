import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Button } from "~/components/ui/button.tsx";

interface NameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  label: string;
  /** The name the field starts with each time the dialog opens (a rename's current name). */
  initial?: string;
  maxLength: number;
  submitLabel: string;
  onSubmit: (name: string) => Promise<boolean>;
}

/** Asks for a name (a new folder, a renamed folder or tag) and hands it back. */
export function NameDialog(props: NameDialogProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold text-fg">{props.title}</Dialog.Title>
          <Dialog.Description className="sr-only">{props.label}</Dialog.Description>
          {/* The dialog's content is built afresh each time it opens (the callers open it by
              their own state, which Radix does not report back), so the field always starts
              from `initial`, never from what was typed last time. */}
          <NameForm {...props} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NameForm(props: NameDialogProps) {
  const [name, setName] = useState(props.initial ?? "");
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="mt-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!name.trim()) return;
        setBusy(true);
        const done = await props.onSubmit(name.trim());
        setBusy(false);
        if (done) props.onOpenChange(false);
      }}
    >
      <label htmlFor="name-dialog-input" className="text-sm font-medium text-fg">
        {props.label}
      </label>
      <input
        id="name-dialog-input"
        value={name}
        maxLength={props.maxLength}
        onChange={(event) => setName(event.target.value)}
        className="mt-1 block w-full rounded-lg border-0 px-3 py-2 ring-1 ring-line-strong focus:ring-2 focus:ring-focus"
      />
      <div className="mt-5 flex justify-end gap-3">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={busy || !name.trim()}>
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
