import { useState } from "react";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import { callFailureNotice } from "./call-failure.ts";

/**
 * "Save to my library": a personal, editable copy of someone else's prompt. Once the person
 * keeps a copy, it says so instead of offering another (the server keeps one per original).
 */
export function SaveButton(props: { prompt: Prompt }) {
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(props.prompt.isSaved);
  const [seen, setSeen] = useState(props.prompt);
  if (seen !== props.prompt) {
    setSeen(props.prompt);
    setSaved(props.prompt.isSaved);
  }

  async function save() {
    setSaving(true);
    try {
      await api("POST", `/api/v1/prompts/${props.prompt.id}/save`);
      setSaved(true);
      showNotice(messages.savedToLibrary);
    } catch (error) {
      showNotice(callFailureNotice(error, "save-copy"));
    } finally {
      setSaving(false);
    }
  }

  if (saved) {
    return (
      <span className="inline-flex items-center gap-1 px-2 py-1 text-xs font-medium text-accent-text">
        <Icon name="bookmark-check" className="h-3.5 w-3.5" /> In your library
      </span>
    );
  }
  return (
    <button
      type="button"
      disabled={saving}
      onClick={() => void save()}
      className="card-text-button"
    >
      <Icon name="bookmark-plus" className="h-3.5 w-3.5" /> Save to my library
    </button>
  );
}
