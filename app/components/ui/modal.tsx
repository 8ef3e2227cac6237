import { useEffect, useRef } from "react";
import { cx } from "~/lib/cx.ts";
import { Icon } from "./icon.tsx";

/**
 * A modal on the browser's own <dialog>: focus moves in and back, Escape closes, the rest of the
 * page is inert. Light enough for the public pages, where every kilobyte of script counts. Focus
 * starts on the element marked `data-autofocus`, if the content has one, else the close button.
 */
export function Modal(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Names the dialog for screen readers when its title is not shown. */
  hideTitle?: boolean;
  placement?: "center" | "right";
  className?: string;
  children: React.ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) {
      element.showModal();
      // showModal() focuses the first control, the close button, unless one is marked: React's
      // autoFocus fires before the dialog opens and writes no attribute, so the mark is ours.
      element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!props.open && element.open) element.close();
  }, [props.open]);

  const right = props.placement === "right";
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape does the same from the keyboard.
    <dialog
      ref={dialog}
      aria-label={props.title}
      onClose={props.onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) props.onClose();
      }}
      className={cx(
        "bg-surface p-0 shadow-2xl backdrop:bg-overlay backdrop:backdrop-blur-sm",
        right
          ? "mt-0 mr-0 ml-auto h-dvh max-h-none w-80 max-w-[85vw]"
          : "m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl",
        props.className,
      )}
    >
      {props.open ? (
        <div className={cx("relative flex h-full flex-col", right ? "p-5" : "p-6 sm:p-8")}>
          <button
            type="button"
            aria-label={right ? "Close menu" : "Close"}
            onClick={props.onClose}
            className="absolute top-3 right-3 rounded-md p-1.5 text-faint hover:bg-subtle hover:text-fg"
          >
            <Icon name="x" className="h-5 w-5" />
          </button>
          {props.hideTitle ? null : (
            <h2 className={cx("font-bold text-fg", right ? "text-lg" : "text-center text-2xl")}>
              {props.title}
            </h2>
          )}
          {props.children}
        </div>
      ) : null}
    </dialog>
  );
}
