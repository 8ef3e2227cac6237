import { useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { PrivacyDialog } from "~/components/privacy/privacy-dialog.tsx";
import { usePrivacyCheck } from "~/components/privacy/use-privacy-check.ts";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { showNotice } from "~/lib/notify.ts";
import type { PromptActionResult } from "~/lib/prompt-actions.ts";
import { messages, promptTooLongText } from "../../../shared/messages.ts";
import {
  descriptionMaxLength,
  promptTextMaxLength,
  useCaseMaxLength,
  type WholePrompt,
} from "../../../shared/prompt.ts";
import { versionNoteMaxLength } from "../../../shared/versions.ts";
import { DiscardChangesDialog } from "./discard-changes-dialog.tsx";
import { PromptLintPanel, promptLintId } from "./prompt-lint-panel.tsx";

/** Editing starts from the whole text: saving a list's excerpt would cut the prompt short. */
export type FormState =
  | { mode: "closed" }
  | { mode: "add" }
  | { mode: "edit"; prompt: WholePrompt };

/**
 * Adds or edits a prompt: an optional use case (35 characters, counted live), the text and an
 * optional description (500 characters, shown on its card and page). On a
 * topic page the use case is the topic, shown fixed (the page's action files it there whatever
 * is sent). Escape closes the form, asking first when something was typed.
 */
export function PromptForm(props: {
  state: Exclude<FormState, { mode: "closed" }>;
  fetcher: FetcherWithComponents<PromptActionResult>;
  heading: string;
  /** A topic page's category: what the form files under, not to be changed here. */
  defaultUseCase?: string;
  /** Whether a new prompt from this form is shared (an edit shares when the prompt is). */
  sharesNew?: boolean;
  onCancel: () => void;
}) {
  const editing = props.state.mode === "edit" ? props.state.prompt : null;
  const topic = props.defaultUseCase;
  const initialUseCase = topic ?? editing?.category ?? "";
  const initialText = editing?.promptText ?? "";
  const [useCase, setUseCase] = useState(initialUseCase);
  const [promptText, setPromptText] = useState(initialText);
  const initialDescription = editing?.description ?? "";
  const [description, setDescription] = useState(initialDescription);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const saving = props.fetcher.state !== "idle";
  const textArea = useRef<HTMLTextAreaElement>(null);
  const typingIn = useRef<HTMLElement | null>(null);
  useEffect(() => textArea.current?.focus(), []);
  // The text is never cut at the limit as it is typed or pasted: the person sees it is too long
  // and shortens it themselves, losing nothing.
  const tooLong = promptText.length > promptTextMaxLength;
  const changed =
    useCase !== initialUseCase || promptText !== initialText || description !== initialDescription;
  const privacy = usePrivacyCheck({
    shares: editing ? editing.isShared : Boolean(props.sharesNew),
    fetcher: props.fetcher,
    fields: { promptText, useCase, description },
    onRemoved: (fields) => {
      setPromptText(fields.promptText);
      setUseCase(fields.useCase);
      setDescription(fields.description ?? "");
    },
    returnFocus: () => textArea.current?.focus(),
    editing: editing
      ? { id: editing.id, before: { promptText: initialText, useCase: initialUseCase } }
      : undefined,
  });

  return (
    <>
      <props.fetcher.Form
        method="post"
        // A prompt of 200,000 characters outside ASCII weighs up to 1.8 MB URL-encoded, past
        // the server's body limit; as multipart it is sent as its UTF-8 bytes (at most 600 kB).
        encType="multipart/form-data"
        aria-label={props.heading}
        className="mb-8 rounded-xl bg-surface p-5 shadow-sm ring-1 ring-line sm:p-6"
        onKeyDown={(event) => {
          if (event.key !== "Escape" || saving) return;
          event.preventDefault();
          if (!changed) return props.onCancel();
          typingIn.current = event.target instanceof HTMLElement ? event.target : null;
          setConfirmingDiscard(true);
        }}
        onSubmit={(event) => {
          if (promptText.trim() === "") {
            event.preventDefault();
            showNotice(messages.enterPromptContent);
          } else if (tooLong) {
            event.preventDefault();
            showNotice(messages.promptTooLong);
            textArea.current?.focus();
          } else {
            privacy.intercepts(event);
          }
        }}
      >
        <h2 className="text-lg font-semibold text-fg">{props.heading}</h2>
        <input type="hidden" name="intent" value={editing ? "update" : "create"} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {!editing && props.sharesNew ? <input type="hidden" name="shared" value="true" /> : null}
        {topic ? (
          <div className="mt-4">
            <label htmlFor="prompt-topic" className="text-sm font-medium text-fg">
              Topic
            </label>
            <input
              id="prompt-topic"
              name="useCase"
              value={topic}
              readOnly
              aria-describedby="prompt-topic-note"
              className={`${fieldClass} bg-canvas text-fg-soft`}
            />
            <p id="prompt-topic-note" className="mt-1 text-xs text-faint">
              Prompts shared on this page are filed under this topic.
            </p>
          </div>
        ) : (
          <div className="mt-4">
            <div className="flex items-baseline justify-between">
              <label htmlFor="prompt-use-case" className="text-sm font-medium text-fg">
                Use case <span className="font-normal text-faint">(optional)</span>
              </label>
              <span className="text-xs text-faint" aria-live="polite">
                {useCase.length}/{useCaseMaxLength}
              </span>
            </div>
            <input
              id="prompt-use-case"
              name="useCase"
              value={useCase}
              maxLength={useCaseMaxLength}
              onChange={(event) => setUseCase(event.target.value)}
              placeholder="e.g. claude, marketing, code review"
              className={fieldClass}
            />
          </div>
        )}
        <div className="mt-4">
          <label htmlFor="prompt-text" className="text-sm font-medium text-fg">
            Prompt
          </label>
          <textarea
            id="prompt-text"
            ref={textArea}
            name="promptText"
            value={promptText}
            rows={6}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `prompt-text-too-long ${promptLintId}` : promptLintId}
            onChange={(event) => setPromptText(event.target.value)}
            placeholder="Write or paste your prompt..."
            className={fieldClass}
          />
          {tooLong ? (
            <p id="prompt-text-too-long" className="mt-1 text-sm text-danger-text">
              {promptTooLongText} This one has {promptText.length.toLocaleString("en-US")}.
            </p>
          ) : null}
          <PromptLintPanel text={promptText} title={topic ?? useCase} field={textArea} />
        </div>
        <div className="mt-4">
          <div className="flex items-baseline justify-between">
            <label htmlFor="prompt-description" className="text-sm font-medium text-fg">
              Description <span className="font-normal text-faint">(optional)</span>
            </label>
            <span className="text-xs text-faint" aria-live="polite">
              {description.length}/{descriptionMaxLength}
            </span>
          </div>
          <textarea
            id="prompt-description"
            name="description"
            value={description}
            rows={2}
            maxLength={descriptionMaxLength}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="What it is for, in a sentence or two"
            aria-describedby="prompt-description-hint"
            className={fieldClass}
          />
          <p id="prompt-description-hint" className="mt-1 text-xs text-faint">
            Shown on its card and page; search finds it.
          </p>
        </div>
        {editing ? (
          <div className="mt-4">
            <label htmlFor="prompt-note" className="text-sm font-medium text-fg">
              What changed? <span className="font-normal text-faint">(optional)</span>
            </label>
            <input
              id="prompt-note"
              name="note"
              maxLength={versionNoteMaxLength}
              placeholder="e.g. tightened the tone"
              aria-describedby="prompt-note-hint"
              className={fieldClass}
            />
            <p id="prompt-note-hint" className="mt-1 text-xs text-faint">
              Kept with this version in the prompt's history.
            </p>
          </div>
        ) : null}
        <div className="mt-5 flex justify-end gap-3">
          <Button variant="secondary" onClick={props.onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving
              ? "Saving..."
              : editing
                ? "Save Changes"
                : props.sharesNew
                  ? "Share Prompt"
                  : "Save Prompt"}
          </Button>
        </div>
      </props.fetcher.Form>
      <PrivacyDialog {...privacy.dialog} />
      <DiscardChangesDialog
        open={confirmingDiscard}
        onKeepEditing={() => setConfirmingDiscard(false)}
        returnFocus={() => (typingIn.current ?? textArea.current)?.focus()}
        onDiscard={() => {
          setConfirmingDiscard(false);
          props.onCancel();
        }}
      />
    </>
  );
}
