import { lazy, Suspense, useState } from "react";
import { DialogLoading } from "~/components/ui/dialog-status.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { WideDialog } from "~/components/ui/wide-dialog.tsx";
import type { Prompt } from "../../../shared/prompt.ts";

// The comparing code loads when a dialog first opens, not with every page of cards.
const HistoryPanel = lazy(() => import("./history-panel.tsx"));
const UpstreamPanel = lazy(() => import("./upstream-panel.tsx"));
const SuggestionsPanel = lazy(() => import("./suggestions-panel.tsx"));

/** "edited · 3 versions" on a card, opening the prompt's history. */
export function HistoryDialog(props: {
  prompt: Prompt;
  canRestore: boolean;
  showsTests: boolean;
  onChanged: (prompt: Prompt) => void;
}) {
  const [open, setOpen] = useState(false);
  const { prompt } = props;
  return (
    <WideDialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      title={`History: ${prompt.title}`}
      description="Every version is kept. Compare any two, or bring an earlier one back."
      trigger={
        <button
          type="button"
          // The name starts with what the button shows, so saying it (voice control) finds it.
          aria-label={`edited · ${prompt.version} versions: history of ${prompt.title}`}
          className="card-history"
        >
          edited · {prompt.version} versions
        </button>
      }
    >
      {open ? (
        <Suspense fallback={<DialogLoading />}>
          <HistoryPanel
            key={prompt.version}
            prompt={prompt}
            canRestore={props.canRestore}
            showsTests={props.showsTests}
            onChanged={props.onChanged}
          />
        </Suspense>
      ) : null}
    </WideDialog>
  );
}

/** A saved copy's "Original updated", opening what changed and the choice to take it. */
export function UpstreamDialog(props: { prompt: Prompt; onChanged: (prompt: Prompt) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <WideDialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      title={`Original updated: ${props.prompt.title}`}
      description="The prompt you saved this copy from has changed since."
      trigger={
        <button type="button" className="card-badge card-badge-accent">
          <Icon name="refresh-cw" className="h-3 w-3" /> Original updated
        </button>
      }
    >
      {open ? (
        <Suspense fallback={<DialogLoading />}>
          <UpstreamPanel
            prompt={props.prompt}
            onChanged={(prompt) => {
              setOpen(false);
              props.onChanged(prompt);
            }}
          />
        </Suspense>
      ) : null}
    </WideDialog>
  );
}

/**
 * On a team's prompt: "suggest a change" for a member who cannot edit it, "suggestions" for its
 * editors, opening what was suggested (and, for the first, the form to suggest).
 */
export function SuggestionsDialog(props: {
  prompt: Prompt;
  canDecide: boolean;
  onChanged: (prompt: Prompt) => void;
}) {
  const [open, setOpen] = useState(false);
  const { prompt } = props;
  const title = props.canDecide ? "suggestions" : "suggest a change";
  return (
    <WideDialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      title={`${props.canDecide ? "Suggestions" : "Suggest a change"}: ${prompt.title}`}
      description={
        props.canDecide
          ? "What the team's members suggested. Accepting makes a new version, written by them."
          : "Propose a new text. The team's editors accept or decline it."
      }
      trigger={
        <button type="button" aria-label={`${title}: ${prompt.title}`} className="card-history">
          {title}
        </button>
      }
    >
      {open ? (
        <Suspense fallback={<DialogLoading />}>
          <SuggestionsPanel
            prompt={prompt}
            canDecide={props.canDecide}
            onChanged={(changed) => {
              setOpen(false);
              props.onChanged(changed);
            }}
          />
        </Suspense>
      ) : null}
    </WideDialog>
  );
}
