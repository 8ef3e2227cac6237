import { useMemo } from "react";
import { controlKeys } from "~/components/keyboard/shortcut-keys.ts";
import { SaveButton } from "~/components/organise/save-button.tsx";
import { StarButton } from "~/components/organise/star-button.tsx";
import { isTemplateText, TemplateDialog } from "~/components/organise/template-dialog.tsx";
import { RunDialog } from "~/components/workbench/run-dialog.tsx";
import type { Prompt } from "../../../shared/prompt.ts";
import { OpenInMenu } from "./open-in-menu.tsx";
import type { useWholePrompt } from "./use-whole-prompt.ts";

/**
 * The footer's ways to use a prompt: open it in an AI assistant (a template once filled in), fill
 * it as a template, run it against a model (the workbench), save a copy (for whoever may) and
 * star it. Two groups, so a card too narrow for all of them keeps Save
 * beside its star.
 */
export function CardUseButtons(props: {
  prompt: Prompt;
  whole: ReturnType<typeof useWholePrompt>;
  copySource: string | (() => Promise<string>);
  canSaveCopy: boolean;
  /** Its test cases and kept runs, in the Run dialog (CardAbilities.tests). */
  tests: "read" | "change" | undefined;
  onCopied: () => void;
}) {
  const { prompt, whole } = props;
  const text = (whole.whole ?? prompt).promptText;
  const template = useMemo(() => mayBeTemplate(text) && isTemplateText(text), [text]);
  return (
    <span className="flex flex-wrap items-center justify-end">
      <span className="flex items-center">
        {template ? (
          <TemplateDialog prompt={prompt} whole={whole} onCopied={props.onCopied} openIn />
        ) : (
          <OpenInMenu text={props.copySource} label={`Open in an AI assistant: ${prompt.title}`} />
        )}
        <RunDialog prompt={prompt} whole={whole} tests={props.tests} />
      </span>
      <span className="flex items-center">
        {props.canSaveCopy ? <SaveButton prompt={prompt} /> : null}
        <StarButton prompt={prompt} keyShortcut={controlKeys.star} />
      </span>
    </span>
  );
}

/**
 * Whether the text may be a template: every variable and snippet opens with "{{". The dialog
 * decides whether it is one (template-dialog.tsx); most texts hold no "{{" at all, and their
 * cards skip the dialog's work.
 */
function mayBeTemplate(text: string) {
  return text.includes("{{");
}
