import { useState } from "react";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import { callFailureNotice } from "./call-failure.ts";

/**
 * "Save to my library": a personal, editable copy of someone else's prompt, made through the API
 * (which keeps one copy per original, so saving again answers the copy already there).
 */
export function useSaveCopy(prompt: { id: string; isSaved: boolean }) {
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(prompt.isSaved);
  // What the page last said; when it says something new (another prompt, or saved elsewhere),
  // that wins over what was done here.
  const [seen, setSeen] = useState({ id: prompt.id, isSaved: prompt.isSaved });
  if (seen.id !== prompt.id || seen.isSaved !== prompt.isSaved) {
    setSeen({ id: prompt.id, isSaved: prompt.isSaved });
    setSaved(prompt.isSaved);
  }

  async function save() {
    setSaving(true);
    try {
      await api("POST", `/api/v1/prompts/${prompt.id}/save`);
      setSaved(true);
      showNotice(messages.savedToLibrary);
    } catch (error) {
      showNotice(callFailureNotice(error, "save-copy"));
    } finally {
      setSaving(false);
    }
  }

  return { saving, saved, save };
}
