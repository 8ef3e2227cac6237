import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import { callFailureNotice } from "./call-failure.ts";

/**
 * Files one of your prompts in a folder (null: no folder), from a menu or a drop, and says so;
 * the library reloads when it worked.
 */
export async function filePrompt(
  promptId: string,
  folder: { id: string; name: string } | null,
  refresh: () => void,
) {
  try {
    await api("PUT", `/api/v1/prompts/${promptId}/folder`, { folderId: folder?.id ?? null });
    showNotice(messages.movedTo(folder?.name ?? "All prompts"));
    refresh();
  } catch (error) {
    showNotice(callFailureNotice(error, "move-prompt"));
  }
}
