import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";

/**
 * Copies the text, or text still to be fetched (a long prompt's whole text), and says so in a
 * notice either way; true when it was copied.
 */
export async function copyText(text: string | (() => Promise<string>)) {
  try {
    if (typeof text === "string") await navigator.clipboard.writeText(text);
    else await writeWhenFetched(text());
    showNotice(messages.copied);
    return true;
  } catch {
    showNotice(messages.copyFailed);
    return false;
  }
}

/** Counts a copy ("most copied" sorts on it); a count that fails is not the person's concern. */
export function countCopy(promptId: string) {
  void api("POST", `/api/v1/prompts/${promptId}/copies`).catch(() => {});
}

/**
 * Writes text that is still on its way. Safari lets a click write to the clipboard only while
 * the click is being handled, so where the browser takes a pending item it is handed over at
 * once and filled when the text arrives; elsewhere the text is written once it is here.
 */
async function writeWhenFetched(text: Promise<string>) {
  if (typeof ClipboardItem === "function" && typeof navigator.clipboard.write === "function") {
    const blob = text.then((value) => new Blob([value], { type: "text/plain" }));
    // A failed fetch is told by the write's failure; the pending item itself must not go unheard.
    blob.catch(() => {});
    await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
    return;
  }
  await navigator.clipboard.writeText(await text);
}
