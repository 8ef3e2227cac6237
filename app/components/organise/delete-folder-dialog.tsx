import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Button } from "~/components/ui/button.tsx";

/** Deleting a folder asks what becomes of what is in it. */
export function DeleteFolderDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  folderName: string;
  parentName: string;
  onConfirm: (prompts: "move" | "delete") => Promise<void>;
}) {
  const [choice, setChoice] = useState<"move" | "delete">("move");
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold text-fg">
            Delete "{props.folderName}"?
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            What should happen to the prompts and folders inside it?
          </Dialog.Description>
          <fieldset className="mt-4 space-y-2">
            <legend className="sr-only">Its prompts</legend>
            <label className="flex items-start gap-2 text-sm text-fg">
              <input
                type="radio"
                name="folder-prompts"
                checked={choice === "move"}
                onChange={() => setChoice("move")}
                className="mt-1"
              />
              Move them to {props.parentName}
            </label>
            <label className="flex items-start gap-2 text-sm text-fg">
              <input
                type="radio"
                name="folder-prompts"
                checked={choice === "delete"}
                onChange={() => setChoice("delete")}
                className="mt-1"
              />
              Delete them too
            </label>
          </fieldset>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button
              variant="danger"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                await props.onConfirm(choice);
                setBusy(false);
                props.onOpenChange(false);
              }}
            >
              Delete folder
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
