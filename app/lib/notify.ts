import { toast } from "~/components/ui/toaster.tsx";
import type { Notice } from "../../shared/messages.ts";

/** Shows a notice, below any still on screen (an earlier one just like it goes). */
export function showNotice(notice: Notice) {
  toast(notice);
}
