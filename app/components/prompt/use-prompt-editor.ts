import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { newPromptAsked } from "~/components/keyboard/new-prompt.ts";
import type { PromptActionResult } from "~/lib/prompt-actions.ts";
import type { Notice } from "../../../shared/messages.ts";
import type { WholePrompt } from "../../../shared/prompt.ts";
import type { SimilarPrompt } from "../../../shared/similar-prompt.ts";
import type { FormState } from "./prompt-form.tsx";
import { useActionNotices } from "./use-action-notices.ts";
import type { ShownPrompts } from "./use-shown-prompts.ts";

/**
 * A library page's form for adding and editing prompts: which is open, the save in flight and
 * its notice, and, after a save, a prompt already in the library much like it. A saved prompt
 * shows as it is now and the form closes. `canAdd`: "New prompt" from another page (which has
 * no Add button) comes here and opens the form.
 */
export function usePromptEditor(options: {
  shown: ShownPrompts;
  created: Notice;
  canAdd: boolean;
}) {
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [similar, setSimilar] = useState<SimilarPrompt | null>(null);
  const save = useFetcher<PromptActionResult>({ key: "prompt-save" });
  const anchor = useRef<HTMLDivElement>(null);
  const { shown } = options;
  useActionNotices(save, {
    created: options.created,
    onResult: (result) => {
      if (!result.ok) return;
      setSimilar(result.similar ?? null);
      if (result.prompt) shown.replace(result.prompt);
      setForm({ mode: "closed" });
    },
  });

  const location = useLocation();
  const askedAt = newPromptAsked(location) ? location.key : null;
  const { canAdd } = options;
  useEffect(() => {
    if (askedAt && canAdd) setForm({ mode: "add" });
  }, [askedAt, canAdd]);

  return {
    form,
    save,
    similar,
    /** Where the form opens: an edit scrolls the page there. */
    anchor,
    open: form.mode !== "closed",
    add: () => setForm({ mode: "add" }),
    edit: (prompt: WholePrompt) => {
      setForm({ mode: "edit", prompt });
      anchor.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    },
    close: () => setForm({ mode: "closed" }),
    dismissSimilar: () => setSimilar(null),
  };
}

export type PromptEditorState = ReturnType<typeof usePromptEditor>;
