import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { buttonClasses } from "~/components/ui/button.tsx";
import { whereFound } from "../../../shared/messages.ts";
import type { SharedFinding } from "../../../shared/secret-scan.ts";

export interface PurgeOffer {
  open: boolean;
  /** What the edit takes out of the prompt (masked). */
  removed: SharedFinding[];
  onPurge: () => void;
  onJustSave: () => void;
  onCancel: () => void;
  returnFocus: () => void;
}

/**
 * Asked when an edit of a shared prompt takes out what looks like private data: the edit
 * removes it from the prompt, but its earlier versions still hold it, readable in its history by
 * everyone signed in. "Purge earlier versions that contain it" saves the edit, then purges them;
 * "Just save" saves it alone; Cancel (focused first, and Escape) goes back to the form.
 */
export function PurgeOfferDialog(props: PurgeOffer) {
  return (
    <AlertDialog.Root open={props.open} onOpenChange={(open) => !open && props.onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.returnFocus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl bg-surface p-4 shadow-2xl sm:p-6"
        >
          <AlertDialog.Title className="text-lg font-semibold text-fg">
            Purge what you took out?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">
            Your edit takes this out of the prompt, but its earlier versions still hold it, and
            everyone signed in can read them in its history.
          </AlertDialog.Description>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-fg">
            {props.removed.map((finding) => (
              <li key={`${finding.field}-${finding.start}`}>
                {finding.label}
                {whereFound(finding.field)}: <code className="break-all">{finding.excerpt}</code>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-muted">
            Purging deletes those versions' text, use case and note for good; the history keeps only
            that they were purged. Copies others saved before stay theirs.
          </p>
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses("secondary")}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses("secondary")} onClick={props.onJustSave}>
              Just save
            </AlertDialog.Action>
            <AlertDialog.Action className={buttonClasses("primary")} onClick={props.onPurge}>
              Purge earlier versions that contain it
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
