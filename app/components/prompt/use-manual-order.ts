import { type DragEvent, type KeyboardEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "~/lib/api-client.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import { promptDragType } from "./prompt-card.tsx";

/**
 * Moving cards in the person's manual order: Alt+↑ and Alt+↓ on a focused card, or dragging one
 * onto another. A card moves among those pinned like it, or among the rest; the server is told its
 * two new neighbours (PUT /api/v1/prompts/:id/position), the list is read again, the card keeps
 * focus, and a screen reader hears where it went.
 */
export function useManualOrder(items: Prompt[], enabled: boolean) {
  const revalidator = useRevalidator();
  const [announcement, setAnnouncement] = useState("");

  const move = async (id: string, target: string) => {
    const prompt = items.find((item) => item.id === id);
    const onto = items.find((item) => item.id === target);
    if (!prompt || !onto || prompt.id === onto.id || prompt.pinned !== onto.pinned) return;
    const group = items.filter((item) => item.pinned === prompt.pinned);
    const from = group.indexOf(prompt);
    const to = group.indexOf(onto);
    const rest = group.filter((item) => item.id !== id);
    // Moving down puts it just after the card it lands on; moving up, just before it.
    const at = rest.indexOf(onto) + (to > from ? 1 : 0);
    const [before, after] = [rest[at], rest[at - 1]];
    await api("PUT", `/api/v1/prompts/${id}/position`, {
      ...(before ? { before: before.id } : {}),
      ...(after ? { after: after.id } : {}),
    });
    await revalidator.revalidate();
    setAnnouncement(
      `${prompt.title} moved to position ${to + 1} of ${group.length}${prompt.pinned ? " pinned" : ""}.`,
    );
    document.querySelector<HTMLElement>(`[data-prompt-id="${id}"] [data-prompt-card]`)?.focus();
  };

  const keyDown = (prompt: Prompt) => (event: KeyboardEvent) => {
    if (!enabled || !event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    if (!(event.target instanceof HTMLElement) || !event.target.matches("[data-prompt-card]"))
      return;
    event.preventDefault();
    const group = items.filter((item) => item.pinned === prompt.pinned);
    const neighbour = group[group.indexOf(prompt) + (event.key === "ArrowUp" ? -1 : 1)];
    if (neighbour) void move(prompt.id, neighbour.id);
  };

  const dragOver = (event: DragEvent) => {
    if (enabled && event.dataTransfer.types.includes(promptDragType)) event.preventDefault();
  };
  const drop = (prompt: Prompt) => (event: DragEvent) => {
    const id = event.dataTransfer.getData(promptDragType);
    if (!enabled || !id) return;
    event.preventDefault();
    void move(id, prompt.id);
  };

  return { announcement, keyDown, dragOver, drop };
}
