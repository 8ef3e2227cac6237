import { useMemo, useRef, useState } from "react";
import { OpenInButtonFace, OpenInMenu } from "~/components/prompt/open-in-menu.tsx";
import type { useWholePrompt } from "~/components/prompt/use-whole-prompt.ts";
import { Button } from "~/components/ui/button.tsx";
import { DialogLoading } from "~/components/ui/dialog-status.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { WideDialog } from "~/components/ui/wide-dialog.tsx";
import { showNotice } from "~/lib/notify.ts";
import { useSignedInUserIfAny } from "~/lib/use-signed-in-user.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import { displayName } from "../../../shared/session-user.ts";
import { filledText, placeholderFor } from "../../../shared/template.ts";
import { templatePieces } from "../../../shared/template-syntax.ts";
import { TemplateFields } from "./template-fields.tsx";
import { TemplatePreview } from "./template-preview.tsx";
import { useTemplateForm } from "./use-template-form.ts";

/**
 * "Use template": one field per {{variable}} (a line, a text area, a number or a select, by its
 * type), the prompt's {{> snippets}} expanded, built-in values filled, a live preview, and a
 * Copy of the filled prompt or an "Open in" menu that opens it in an AI assistant. The values
 * typed are remembered on this device for next time; Clear forgets them. A fill that would pass
 * the length limit says so instead of a preview, and cannot be copied or opened.
 * The button shows when the text the card holds has a variable or a snippet; the dialog fills
 * the whole text, fetched as it opens when the list gave only the start of it. With `openIn`, a
 * card's "Open in" button comes first and opens this dialog too: a template is opened in an
 * assistant once its blanks are filled, never with its raw {{…}}.
 */
export function TemplateDialog(props: {
  prompt: Prompt;
  whole: ReturnType<typeof useWholePrompt>;
  onCopied: () => void;
  openIn?: boolean;
}) {
  const known = props.whole.whole ?? props.prompt;
  const isTemplate = useMemo(() => isTemplateText(known.promptText), [known.promptText]);
  const [open, setOpen] = useState(false);
  const openInButton = useRef<HTMLButtonElement>(null);
  /** The button that opened the dialog when it was not its trigger, to return focus to. */
  const openedBy = useRef<HTMLButtonElement | null>(null);
  const user = useSignedInUserIfAny();
  const form = useTemplateForm({
    whole: props.whole.whole,
    open,
    me: user ? displayName(user) : "",
  });
  if (!isTemplate) return null;
  const ready =
    form.expansion.state === "ready" && form.filled !== null && !form.requiredLeft.length;
  const filled = form.filled ? filledText(form.filled, placeholderFor) : "";

  function openDialog(next: boolean) {
    setOpen(next);
    if (!next || props.whole.whole) return;
    props.whole.load().catch(() => {
      setOpen(false);
      showNotice(messages.loadFailed());
    });
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(filled);
      showNotice(messages.copied);
      props.onCopied();
    } catch {
      showNotice(messages.copyFailed);
    }
  }

  return (
    <>
      {props.openIn ? (
        <button
          ref={openInButton}
          type="button"
          aria-label={`Open in an AI assistant: ${props.prompt.title}`}
          aria-haspopup="dialog"
          onClick={() => {
            openedBy.current = openInButton.current;
            openDialog(true);
          }}
          className="card-text-button"
        >
          <OpenInButtonFace />
        </button>
      ) : null}
      <WideDialog
        open={open}
        onOpenChange={openDialog}
        returnFocusTo={() => openedBy.current}
        title={`Use template: ${props.prompt.title}`}
        description="Fill in the blanks; empty ones use what they show."
        footer={
          <>
            {form.requiredLeft.length ? (
              <p className="mb-2 text-sm text-danger-text">
                Fill in {form.requiredLeft.join(", ")} to copy or open it.
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="ghost"
                onClick={form.clear}
                disabled={!Object.values(form.values).some(Boolean)}
              >
                Clear
              </Button>
              <OpenInMenu
                inline
                text={filled}
                label={`Open in an AI assistant: ${props.prompt.title}, filled in`}
                disabled={!ready}
              />
              <Button onClick={() => void copy()} disabled={!ready}>
                Copy
              </Button>
            </div>
          </>
        }
        trigger={
          <button
            type="button"
            onClick={() => {
              openedBy.current = null;
            }}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-accent-text hover:bg-accent-soft"
          >
            <Icon name="braces" className="h-3.5 w-3.5" /> Use template
          </button>
        }
      >
        {/* The fields and preview scroll on a small screen; Copy and Open in stay in the footer. */}
        {props.whole.whole === null || form.expansion.state === "loading" ? (
          <DialogLoading />
        ) : null}
        {form.expansion.state === "failed" ? (
          <p role="alert" className="mt-4 rounded-lg bg-danger-soft p-3 text-sm text-danger-text">
            {form.expansion.message}
          </p>
        ) : null}
        {form.tooLong ? (
          <p role="alert" className="mt-4 rounded-lg bg-danger-soft p-3 text-sm text-danger-text">
            {form.tooLong}
          </p>
        ) : null}
        <TemplateFields
          variables={form.variables}
          values={form.values}
          fallbackOf={form.fallbackOf}
          clipboard={form.clipboard.state}
          onChange={form.setValue}
        />
        {form.expansion.state === "ready" && form.filled ? (
          <>
            <h3 className="mt-5 text-sm font-semibold text-fg">Preview</h3>
            <TemplatePreview filled={form.filled} />
          </>
        ) : null}
      </WideDialog>
    </>
  );
}

/** Whether a text has a variable or a snippet to fill: only then is it a template. */
export function isTemplateText(text: string) {
  return templatePieces(text).some((piece) => !("text" in piece));
}
