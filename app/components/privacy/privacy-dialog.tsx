import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { Fragment, useId } from "react";
import { buttonClasses } from "~/components/ui/button.tsx";
import { whereFound } from "../../../shared/messages.ts";
import {
  type PublicField,
  publicFields,
  removedMarker,
  type SharedContent,
  type SharedFinding,
} from "../../../shared/secret-scan.ts";
import { type PurgeOffer, PurgeOfferDialog } from "./purge-offer-dialog.tsx";

/**
 * Asks before making public text that holds secrets or personal data: each field's text with
 * each finding marked, the list of what was found, and the choice to remove it all and share,
 * share anyway, or go back to the form (the safe default, and what Escape does). The same dialog
 * for a prompt, a collection and a profile. Findings the browser has no text of (a collection's
 * item notes, found by the server) cannot be removed here, only shared or gone back to.
 */
export function PrivacyDialog(props: {
  open: boolean;
  /** What was checked, field by field. */
  texts: SharedContent;
  findings: SharedFinding[];
  onRemove: () => void;
  onShareAnyway: () => void;
  onCancel: () => void;
  /** Puts focus back in the form: the dialog opens on submit, with no trigger to return to. */
  returnFocus: () => void;
  /** For an edit that takes a finding out: the offer to purge the versions still holding it. */
  offer?: PurgeOffer;
  /** False where the text is someone else's, shown but not to be changed (a suggestion's). */
  canRemove?: boolean;
}) {
  const headings = useId();
  // A field's text is shown, marked, where the browser holds it (not an earlier version's).
  const marked = publicFields.filter(
    (field) => props.texts[field] && markedIn(props.findings, field).length > 0,
  );
  const removable =
    props.canRemove !== false &&
    props.findings.every((finding) => finding.entry === undefined && props.texts[finding.field]);
  return (
    <>
      {props.offer ? <PurgeOfferDialog {...props.offer} /> : null}
      <AlertDialog.Root open={props.open} onOpenChange={(open) => !open && props.onCancel()}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
          <AlertDialog.Content
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              props.returnFocus();
            }}
            className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-surface p-4 shadow-2xl sm:p-6"
          >
            <AlertDialog.Title className="shrink-0 text-lg font-semibold text-fg">
              Check before sharing
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 shrink-0 text-sm text-muted">
              This holds what looks like private data. Everyone can read what you share.
            </AlertDialog.Description>
            {/* What was found scrolls on a small screen (each text keeps its height); the
                choices stay in view below it. */}
            <div className="-mx-4 min-h-0 flex-1 overflow-y-auto px-4 pb-1 sm:-mx-6 sm:px-6">
              <h3 className="mt-4 text-sm font-medium text-fg">Found</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-fg">
                {props.findings.map((finding) => (
                  <li key={`${finding.field}-${finding.entry ?? ""}-${finding.start}`}>
                    {finding.entry ? `${finding.entry}: ` : ""}
                    {finding.label}
                    {whereFound(finding.field)}:{" "}
                    <code className="break-all">{finding.excerpt}</code>
                  </li>
                ))}
              </ul>
              {marked.map((field) => (
                <Fragment key={field}>
                  <h3 id={`${headings}-${field}`} className="mt-4 text-sm font-medium text-fg">
                    {inYour[field]}
                  </h3>
                  <section
                    ref={scrollToFirstFinding}
                    aria-labelledby={`${headings}-${field}`}
                    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled from the keyboard.
                    tabIndex={0}
                    className="mt-1 max-h-60 overflow-auto rounded-lg bg-canvas p-3 text-sm break-words whitespace-pre-wrap text-fg ring-1 ring-line focus-visible:outline-2 focus-visible:outline-focus"
                  >
                    <MarkedText
                      text={props.texts[field] ?? ""}
                      findings={markedIn(props.findings, field)}
                    />
                  </section>
                </Fragment>
              ))}
              {removable ? (
                <p className="mt-4 text-sm text-muted">
                  Remove and share puts {removedMarker} in place of each one.
                </p>
              ) : null}
            </div>
            <div className="mt-3 flex shrink-0 flex-col-reverse gap-3 border-t border-line pt-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClasses("secondary")}>Cancel</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonClasses(removable ? "secondary" : "primary")}
                onClick={props.onShareAnyway}
              >
                Share anyway
              </AlertDialog.Action>
              {removable ? (
                <AlertDialog.Action className={buttonClasses("primary")} onClick={props.onRemove}>
                  Remove and share
                </AlertDialog.Action>
              ) : null}
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}

/** Each field's heading over its marked text. */
const inYour: Record<PublicField, string> = {
  promptText: "In your prompt",
  useCase: "In your use case",
  note: "In your note",
  title: "In your title",
  description: "In your description",
  displayName: "In your display name",
  handle: "In your handle",
};

/** A field's findings the dialog can mark: those in text the browser holds, not an entry's. */
function markedIn(findings: SharedFinding[], field: PublicField) {
  return findings.filter((finding) => finding.field === field && finding.entry === undefined);
}

/**
 * A long text opens scrolled, within its own box, to its first finding, a third of the way down;
 * and on a small screen the dialog's body scrolls as little as it must to show it.
 */
function scrollToFirstFinding(box: HTMLElement | null) {
  const mark = box?.querySelector("mark");
  if (!box || !mark) return;
  const below = mark.getBoundingClientRect().top - box.getBoundingClientRect().top;
  box.scrollTop = Math.max(0, box.scrollTop + below - box.clientHeight / 3);
  mark.scrollIntoView({ block: "nearest" });
}

/** The text with each finding in a <mark>, built from plain text. */
function MarkedText(props: { text: string; findings: SharedFinding[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const finding of props.findings) {
    parts.push(
      <Fragment key={`text-${finding.start}`}>{props.text.slice(at, finding.start)}</Fragment>,
      <mark key={`mark-${finding.start}`} className="rounded bg-mark px-0.5 text-inherit">
        {props.text.slice(finding.start, finding.end)}
      </mark>,
    );
    at = finding.end;
  }
  parts.push(<Fragment key="rest">{props.text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
