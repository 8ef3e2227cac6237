import { useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { PrivacyDialog } from "~/components/privacy/privacy-dialog.tsx";
import { usePrivacyCheck } from "~/components/privacy/use-privacy-check.ts";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import type { PromptActionResult } from "~/lib/prompt-actions.ts";
import { promptTextMaxLength, useCaseMaxLength } from "../../../shared/prompt.ts";

/** The administrator's form: both fields required; an incomplete form simply does not submit. */
export function GlobalPromptForm(props: { fetcher: FetcherWithComponents<PromptActionResult> }) {
  const [useCase, setUseCase] = useState("");
  const [content, setContent] = useState("");
  const saving = props.fetcher.state !== "idle";
  const contentField = useRef<HTMLTextAreaElement>(null);
  const privacy = usePrivacyCheck({
    shares: true,
    fetcher: props.fetcher,
    fields: { promptText: content, useCase },
    onRemoved: (fields) => {
      setContent(fields.promptText);
      setUseCase(fields.useCase);
    },
    returnFocus: () => contentField.current?.focus(),
  });
  const result = props.fetcher.data;
  const [cleared, setCleared] = useState(result);
  if (result !== cleared && props.fetcher.state === "idle") {
    setCleared(result);
    if (result?.ok) {
      setUseCase("");
      setContent("");
    }
  }
  return (
    <>
      <props.fetcher.Form
        method="post"
        aria-labelledby="global-form-heading"
        className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-line sm:p-6"
        onSubmit={(event) => {
          if (!useCase.trim() || !content.trim()) event.preventDefault();
          else privacy.intercepts(event);
        }}
      >
        <h2 id="global-form-heading" className="text-lg font-semibold text-fg">
          Add Global Prompt
        </h2>
        <input type="hidden" name="intent" value="create" />
        <div className="mt-4">
          <div className="flex items-baseline justify-between">
            <label htmlFor="global-use-case" className="text-sm font-medium text-fg">
              Use case
            </label>
            <span className="text-xs text-faint">
              {useCase.length}/{useCaseMaxLength}
            </span>
          </div>
          <input
            id="global-use-case"
            name="useCase"
            value={useCase}
            maxLength={useCaseMaxLength}
            onChange={(event) => setUseCase(event.target.value)}
            className={fieldClass}
          />
        </div>
        <div className="mt-4">
          <label htmlFor="global-content" className="text-sm font-medium text-fg">
            Content
          </label>
          <textarea
            id="global-content"
            ref={contentField}
            name="promptText"
            value={content}
            maxLength={promptTextMaxLength}
            rows={5}
            onChange={(event) => setContent(event.target.value)}
            className={fieldClass}
          />
        </div>
        <div className="mt-5 flex justify-end">
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving ? "Saving..." : "Add Global Prompt"}
          </Button>
        </div>
      </props.fetcher.Form>
      <PrivacyDialog {...privacy.dialog} />
    </>
  );
}
