import type { DragEvent } from "react";
import { promptDragType } from "~/components/prompt/prompt-card.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import { callFailureNotice } from "./call-failure.ts";

/** Event handlers that let a prompt card be dropped here to file it (null: no folder). */
export function promptTargetHandlers(
  folder: { id: string; name: string } | null,
  refresh: () => void,
) {
  const carriesPrompt = (event: DragEvent) => event.dataTransfer.types.includes(promptDragType);
  return {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!carriesPrompt(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      event.currentTarget.dataset.dropOver = "";
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      delete event.currentTarget.dataset.dropOver;
    },
    onDrop: async (event: DragEvent<HTMLElement>) => {
      if (!carriesPrompt(event)) return;
      event.preventDefault();
      delete event.currentTarget.dataset.dropOver;
      const promptId = event.dataTransfer.getData(promptDragType);
      try {
        await api("PUT", `/api/v1/prompts/${promptId}/folder`, { folderId: folder?.id ?? null });
        showNotice(messages.movedTo(folder?.name ?? "All prompts"));
        refresh();
      } catch (error) {
        showNotice(callFailureNotice(error, "move-prompt"));
      }
    },
  };
}
