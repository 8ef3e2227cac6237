import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { type FailedAction, messages, type Notice } from "../../../shared/messages.ts";
import { callFailureNotice } from "./call-failure.ts";
import { type Folder, type Tag, useLibrary } from "./library-context.tsx";

/**
 * What the sidebar's menus and dialogs do to folders and tags. Each shows its notice, reloads the
 * library when it worked, and answers whether it did.
 */
export function useSidebarActions() {
  const { refresh } = useLibrary();

  async function attempt(call: () => Promise<unknown>, success: Notice, action: FailedAction) {
    try {
      await call();
      showNotice(success);
      refresh();
      return true;
    } catch (error) {
      showNotice(callFailureNotice(error, action));
      return false;
    }
  }

  return {
    createFolder: (name: string, parent: Folder | null) =>
      attempt(
        () => api("POST", "/api/v1/folders", { name, parentId: parent?.id ?? null }),
        messages.folderCreated(name),
        "create-folder",
      ),
    renameFolder: (folder: Folder, name: string) =>
      attempt(
        () => api("PATCH", `/api/v1/folders/${folder.id}`, { name }),
        messages.folderRenamed,
        "rename-folder",
      ),
    deleteFolder: (folder: Folder, prompts: "move" | "delete") =>
      attempt(
        () => api("DELETE", `/api/v1/folders/${folder.id}?prompts=${prompts}`),
        messages.folderDeleted,
        "delete-folder",
      ),
    renameTag: (tag: Tag, name: string) =>
      attempt(
        () => api("PATCH", `/api/v1/tags/${encodeURIComponent(tag.name)}`, { name }),
        messages.tagRenamed,
        "rename-tag",
      ),
    deleteTag: (tag: Tag) =>
      attempt(
        () => api("DELETE", `/api/v1/tags/${encodeURIComponent(tag.name)}`),
        messages.tagDeleted(tag.name),
        "delete-tag",
      ),
  };
}
