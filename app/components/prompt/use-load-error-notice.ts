import { useEffect } from "react";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";

/** "Error: Failed to load prompts" once per failed load; the community list adds the reason. */
export function useLoadErrorNotice(loadError: string | null, namesReason: boolean) {
  useEffect(() => {
    if (loadError !== null) showNotice(messages.loadFailed(namesReason ? loadError : undefined));
  }, [loadError, namesReason]);
}
