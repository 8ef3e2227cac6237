import { useFetcher } from "react-router";
import type { PromptActionResult } from "~/lib/prompt-actions.ts";
import type { Notice } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import { useActionNotices } from "./use-action-notices.ts";
import type { ShownPrompts } from "./use-shown-prompts.ts";

/** Deleting from a library page, by its own action: the prompt goes from the page once it is gone. */
export function usePromptRemoval(shown: ShownPrompts, created: Notice) {
  const remove = useFetcher<PromptActionResult>({ key: "prompt-delete" });
  useActionNotices(remove, {
    created,
    onResult: (result) => {
      if (result.ok && result.deletedId) shown.remove(result.deletedId);
    },
  });
  return {
    remove: (prompt: Prompt) =>
      remove.submit({ intent: "delete", id: prompt.id }, { method: "post" }),
    deleting: (prompt: Prompt) =>
      remove.state !== "idle" && remove.formData?.get("id") === prompt.id,
  };
}
