import { lazy, Suspense, useMemo, useState } from "react";
import type { useWholePrompt } from "~/components/prompt/use-whole-prompt.ts";
import { DialogLoading } from "~/components/ui/dialog-status.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { WideDialog } from "~/components/ui/wide-dialog.tsx";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";

// The workbench's code loads when a Run dialog first opens, not with every page of cards.
const RunWorkbench = lazy(() => import("./run-workbench.tsx"));

/**
 * Run on a card: the prompt's workbench in a dialog, with the whole text (fetched as it opens
 * when the list gave only its start). The dialog is built on first use, so a list of cards
 * renders a plain button.
 */
export function RunDialog(props: {
  prompt: Prompt;
  whole: ReturnType<typeof useWholePrompt>;
  tests: "read" | "change" | undefined;
}) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const { prompt } = props;
  const whole = props.whole.whole;
  const tests = props.tests ?? null;
  // One object per version of the text: the form starts again only when the text does.
  const template = useMemo(
    () =>
      whole && {
        id: whole.id,
        title: whole.title,
        promptText: whole.promptText,
        prompt: { id: whole.id, version: whole.version, tests },
      },
    [whole, tests],
  );

  function openDialog(next: boolean) {
    setOpen(next);
    if (!next || whole) return;
    props.whole.load().catch(() => {
      setOpen(false);
      showNotice(messages.loadFailed());
    });
  }

  const trigger = (
    <button
      type="button"
      aria-label={`Run ${prompt.title} against a model`}
      aria-haspopup="dialog"
      onClick={
        used
          ? undefined
          : () => {
              setUsed(true);
              openDialog(true);
            }
      }
      className="card-run-button"
    >
      <Icon name="play" className="h-3.5 w-3.5" /> Run
    </button>
  );
  if (!used) return trigger;
  return (
    <WideDialog
      open={open}
      onOpenChange={openDialog}
      size="lg"
      title={`Run: ${prompt.title}`}
      description="Send it to a model and watch the answer come in; compare versions or models, and keep test cases that catch a bad edit."
      trigger={trigger}
    >
      {open && template ? (
        <Suspense fallback={<DialogLoading />}>
          <RunWorkbench template={template} />
        </Suspense>
      ) : open ? (
        <DialogLoading />
      ) : null}
    </WideDialog>
  );
}
