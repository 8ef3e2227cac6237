import type { DragEvent } from "react";
import { promptDragType } from "~/components/prompt/prompt-card.tsx";
import { filePrompt } from "./file-prompt.ts";

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
      await filePrompt(event.dataTransfer.getData(promptDragType), folder, refresh);
    },
  };
}
