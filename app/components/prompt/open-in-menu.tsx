import { type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon.tsx";
import { cx } from "~/lib/cx.ts";
import { showNotice } from "~/lib/notify.ts";
import { type Assistant, assistants, openInLink } from "~/lib/open-in.ts";
import { messages } from "../../../shared/messages.ts";

/**
 * "Open in": a button that shows links to the AI assistants, each opening a new tab with the
 * prompt filled in. A prompt too long for a link is copied instead, and the assistant opened
 * empty for it to be pasted. The same disclosure as the site's Libraries menu (a button and a
 * list of links; Escape, a click or focus elsewhere closes it), shaped for a card's footer or,
 * `inline`, for a dialog's row of buttons, where the list opens in the flow, on a line of its
 * own below the row, so the dialog's scrolling cannot cut it off.
 *
 * `text` is the prompt, or a way to fetch it when the card holds only its start: the list waits
 * for it, so every link carries the whole prompt.
 */
export function OpenInMenu(props: {
  text: string | (() => Promise<string>);
  /** The button's accessible name; it starts with the words it shows, "Open in". A card's
   * footer must be a size container (`@container`): the button fits itself to it. */
  label: string;
  inline?: boolean;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [fetched, setFetched] = useState<string | null>(null);
  const [alignRight, setAlignRight] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const text = typeof props.text === "string" ? props.text : fetched;

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => !root.current?.contains(event.target as Node);
    const onPointer = (event: PointerEvent) => {
      if (outside(event)) setOpen(false);
    };
    const onFocus = (event: FocusEvent) => {
      if (outside(event)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // A dialog around the menu listens for Escape on the document: heard first, on the
      // window, the first Escape closes only the menu.
      event.stopPropagation();
      setOpen(false);
      trigger.current?.focus();
    };
    // A window turned or resized while the list is open may need it hung from the other edge.
    const onResize = () => setAlignRight(fitsOnlyRightAligned(trigger.current));
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    window.addEventListener("keydown", onKey, { capture: true });
    window.addEventListener("resize", onResize);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
      window.removeEventListener("keydown", onKey, { capture: true });
      window.removeEventListener("resize", onResize);
    };
  }, [open]);

  function toggle() {
    if (open) return setOpen(false);
    setAlignRight(fitsOnlyRightAligned(trigger.current));
    setOpen(true);
    if (typeof props.text === "string") return;
    // Asked again at each opening (the card keeps what it fetched), so an edited prompt is
    // never opened as it was.
    setFetched(null);
    props.text().then(setFetched, () => {
      setOpen(false);
      showNotice(messages.loadFailed());
    });
  }

  return (
    <div ref={root} className={props.inline ? "contents" : "relative"}>
      <button
        ref={trigger}
        type="button"
        aria-label={props.label}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        disabled={props.disabled}
        onClick={toggle}
        className={props.inline ? inlineTrigger : "card-text-button"}
      >
        {props.inline ? (
          <>
            Open in <Icon name="chevron-down" className="h-4 w-4" />
          </>
        ) : (
          <OpenInButtonFace />
        )}
      </button>
      {/* Built only when open: a page of cards would otherwise carry every prompt five times. */}
      {open ? (
        <div
          id={id}
          aria-busy={text === null || undefined}
          className={cx(
            "rounded-xl bg-surface p-1.5 ring-1 ring-line",
            props.inline
              ? "order-last w-full basis-full"
              : cx("absolute z-50 mt-1.5 w-52 shadow-lg", alignRight ? "right-0" : "left-0"),
          )}
        >
          {text === null ? (
            <p className="flex items-center gap-2 px-3 py-2 text-sm text-muted">
              <Icon name="loader" className="h-4 w-4 animate-spin" /> Loading...
            </p>
          ) : (
            <ul className={cx(props.inline && "grid gap-0.5 sm:grid-cols-2")}>
              {assistants.map((assistant) => (
                <li key={assistant.id}>
                  <AssistantLink
                    assistant={assistant}
                    text={text}
                    onOpened={() => setOpen(false)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

/**
 * What a card's button shows: "Open in" and a chevron where its footer has room for the button
 * beside Save and Star (260 px), and on a narrower card (a phone's) an icon in its place, so the
 * footer's buttons keep to one line.
 */
export function OpenInButtonFace() {
  return (
    <>
      <Icon name="sparkles" className="h-3.5 w-3.5 @[16.25rem]:hidden" />
      <span className="hidden @[16.25rem]:inline">Open in</span>
      <Icon name="chevron-down" className="h-3.5 w-3.5" />
    </>
  );
}

/** The card's list is this wide (w-52): used to keep it inside the window. */
const listWidthPx = 208;

/** Whether the list, hung from the button's left edge, would pass the window's right edge. */
function fitsOnlyRightAligned(button: HTMLElement | null) {
  const box = button?.getBoundingClientRect();
  return box ? box.left + listWidthPx > document.documentElement.clientWidth - 8 : false;
}

const inlineTrigger =
  "inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-medium text-fg ring-1 ring-line-strong hover:bg-canvas focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus";

function AssistantLink(props: { assistant: Assistant; text: string; onOpened: () => void }) {
  const { assistant, text } = props;
  const link = openInLink(assistant, text);

  /**
   * Too long for a link: the prompt goes to the clipboard first, while the page still has the
   * focus a clipboard write needs, and then the assistant opens in a new tab.
   */
  async function copyThenOpen(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    props.onOpened();
    let copied = true;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      copied = false;
    }
    window.open(link.href, "_blank", "noopener,noreferrer");
    showNotice(
      copied ? messages.pasteInto(assistant.name) : messages.pasteIntoCopyFailed(assistant.name),
    );
  }

  return (
    <a
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open in ${assistant.name}, in a new tab${link.carried ? "" : ", with the prompt copied to paste"}`}
      data-carried={link.carried}
      onClick={link.carried ? props.onOpened : (event) => void copyThenOpen(event)}
      className="flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm text-fg-soft hover:bg-subtle hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
    >
      {assistant.name}
      <Icon
        name={link.carried ? "external-link" : "copy"}
        className="h-3.5 w-3.5 shrink-0 text-faint"
      />
    </a>
  );
}
