import { useId, useMemo, useState } from "react";
import { OpenInMenu } from "~/components/prompt/open-in-menu.tsx";
import type { useWholePrompt } from "~/components/prompt/use-whole-prompt.ts";
import { Button } from "~/components/ui/button.tsx";
import { DialogLoading } from "~/components/ui/dialog-status.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { WideDialog } from "~/components/ui/wide-dialog.tsx";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import { renderTemplate, templateVariables } from "../../../shared/template.ts";

/**
 * "Use template": one field per {{variable}}, a live preview, and a Copy of the filled prompt or
 * an "Open in" menu that opens it in an AI assistant.
 * The button shows when the text the card holds has a variable; the dialog fills the whole text,
 * fetched as it opens when the list gave only the start of it.
 */
export function TemplateDialog(props: {
  prompt: Prompt;
  whole: ReturnType<typeof useWholePrompt>;
  onCopied: () => void;
}) {
  const known = props.whole.whole ?? props.prompt;
  const template = props.whole.whole?.promptText ?? null;
  const isTemplate = useMemo(
    () => templateVariables(known.promptText).length > 0,
    [known.promptText],
  );
  const variables = useMemo(() => (template ? templateVariables(template) : []), [template]);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const ids = useId();
  if (!isTemplate) return null;
  const filled = template === null ? "" : renderTemplate(template, values);

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
    <WideDialog
      open={open}
      onOpenChange={openDialog}
      title={`Use template: ${props.prompt.title}`}
      description="Fill in the blanks; empty ones use their default."
      trigger={
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-accent-text hover:bg-accent-soft"
        >
          <Icon name="braces" className="h-3.5 w-3.5" /> Use template
        </button>
      }
    >
      {template === null ? <DialogLoading /> : null}
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {variables.map((variable, index) => (
          <div key={variable.name}>
            <label htmlFor={`${ids}-${index}`} className="text-sm font-medium text-fg">
              {variable.name}
            </label>
            <input
              id={`${ids}-${index}`}
              value={values[variable.name] ?? ""}
              placeholder={variable.defaultValue}
              onChange={(event) => setValues({ ...values, [variable.name]: event.target.value })}
              className="mt-1 block w-full rounded-lg border-0 px-3 py-2 ring-1 ring-line-strong focus:ring-2 focus:ring-focus"
            />
          </div>
        ))}
      </div>
      <h3 className="mt-5 text-sm font-semibold text-fg">Preview</h3>
      <output
        aria-label="Filled prompt"
        className="mt-1 block max-h-64 overflow-y-auto rounded-lg bg-canvas p-3 text-sm break-words whitespace-pre-wrap text-fg ring-1 ring-line"
      >
        {filled}
      </output>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <OpenInMenu
          inline
          text={filled}
          label={`Open in an AI assistant: ${props.prompt.title}, filled in`}
          disabled={template === null}
        />
        <Button onClick={() => void copy()} disabled={template === null}>
          Copy
        </Button>
      </div>
    </WideDialog>
  );
}
