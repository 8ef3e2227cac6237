import { BookmarkPlus } from "lucide-react";
import { useState } from "react";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import { callFailureNotice } from "./call-failure.ts";

/** "Save to my library": a personal, editable copy of someone else's prompt. */
export function SaveButton(props: { prompt: Prompt }) {
  const [saving, setSaving] = useState(false);
  async function save() {
    setSaving(true);
    try {
      await api("POST", `/api/v1/prompts/${props.prompt.id}/save`);
      showNotice(messages.savedToLibrary);
    } catch (error) {
      showNotice(callFailureNotice(error, "save-copy"));
    } finally {
      setSaving(false);
    }
  }
  return (
    <button
      type="button"
      disabled={saving}
      onClick={() => void save()}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-fg-soft hover:bg-subtle disabled:opacity-50"
    >
      <BookmarkPlus className="h-3.5 w-3.5" aria-hidden="true" /> Save to my library
    </button>
  );
}
