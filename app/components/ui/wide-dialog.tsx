import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { cx } from "~/lib/cx.ts";
import { Icon } from "./icon.tsx";

/**
 * A dialog for work that needs room (a template's form, a prompt's history): opened by its
 * trigger, focus kept inside, Escape or Close returns focus to the trigger (or to what
 * `returnFocusTo` names). Its body scrolls
 * within the screen on a phone; its `footer` (the dialog's actions) stays in view below it.
 */
export function WideDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  size?: "md" | "lg";
  children: ReactNode;
  footer?: ReactNode;
  /** Where focus returns on closing when not the trigger (the dialog was opened another way). */
  returnFocusTo?: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <Dialog.Content
          className={cx(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-surface p-4 shadow-2xl sm:p-6",
            props.size === "lg" ? "max-w-5xl" : "max-w-2xl",
          )}
          onCloseAutoFocus={(event) => {
            const target = props.returnFocusTo?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <div className="flex shrink-0 items-start justify-between gap-3">
            <Dialog.Title className="min-w-0 text-lg font-semibold break-words text-fg">
              {props.title}
            </Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Close"
                className="shrink-0 rounded-md p-1.5 text-faint hover:bg-subtle"
              >
                <Icon name="x" className="h-5 w-5" />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 shrink-0 text-sm text-muted">
            {props.description}
          </Dialog.Description>
          {/* Padded out to the dialog's edges, so focus rings inside are not clipped. */}
          <div className="-mx-4 min-h-0 flex-1 overflow-y-auto px-4 pb-1 sm:-mx-6 sm:px-6">
            {props.children}
          </div>
          {props.footer ? (
            <div className="mt-3 shrink-0 border-t border-line pt-3">{props.footer}</div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
