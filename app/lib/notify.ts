import { toast } from "~/components/ui/toaster.tsx";
import type { Notice } from "../../shared/messages.ts";

/** Shows a notice; it replaces whatever notice is on screen. */
export function showNotice(notice: Notice) {
  toast(notice);
}
