import { useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { showNotice } from "~/lib/notify.ts";
import type { PromptActionResult } from "~/lib/prompt-actions.ts";
import { messages } from "../../../shared/messages.ts";
import { promptTextMaxLength, useCaseMaxLength, type WholePrompt } from "../../../shared/prompt.ts";

/** Editing starts from the whole text: saving a list's excerpt would cut the prompt short. */
export type FormState =
  | { mode: "closed" }
  | { mode: "add" }
  | { mode: "edit"; prompt: WholePrompt };

const fieldClass =
  "mt-1 block w-full rounded-lg border-0 px-3 py-2 text-fg ring-1 ring-line-strong ring-inset placeholder:text-ghost focus:ring-2 focus:ring-focus focus:ring-inset";

/** Adds or edits a prompt: an optional use case (35 characters, counted live) and the text. */
export function PromptForm(props: {
  state: Exclude<FormState, { mode: "closed" }>;
  fetcher: FetcherWithComponents<PromptActionResult>;
  heading: string;
  defaultUseCase?: string;
  onCancel: () => void;
}) {
  const editing = props.state.mode === "edit" ? props.state.prompt : null;
  const [useCase, setUseCase] = useState(
    editing ? (editing.category ?? "") : (props.defaultUseCase ?? ""),
  );
  const [promptText, setPromptText] = useState(editing?.promptText ?? "");
  const saving = props.fetcher.state !== "idle";
  const textArea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => textArea.current?.focus(), []);

  return (
    <props.fetcher.Form
      method="post"
      aria-label={props.heading}
      className="mb-8 rounded-xl bg-surface p-5 shadow-sm ring-1 ring-line sm:p-6"
      onSubmit={(event) => {
        if (promptText.trim() === "") {
          event.preventDefault();
          showNotice(messages.enterPromptContent);
        }
      }}
    >
      <h2 className="text-lg font-semibold text-fg">{props.heading}</h2>
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
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
      <div className="mt-4">
        <label htmlFor="prompt-text" className="text-sm font-medium text-fg">
          Prompt
        </label>
        <textarea
          id="prompt-text"
          ref={textArea}
          name="promptText"
          value={promptText}
          maxLength={promptTextMaxLength}
          rows={6}
          onChange={(event) => setPromptText(event.target.value)}
          placeholder="Write or paste your prompt..."
          className={fieldClass}
        />
      </div>
      <div className="mt-5 flex justify-end gap-3">
        <Button variant="secondary" onClick={props.onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? "Saving..." : editing ? "Save Changes" : "Save Prompt"}
        </Button>
      </div>
    </props.fetcher.Form>
  );
}
