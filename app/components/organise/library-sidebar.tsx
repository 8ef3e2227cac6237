import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Folder as FolderIcon, FolderPlus, Library, MoreHorizontal, Star } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { promptTargetHandlers } from "~/components/organise/drop-target.ts";
import { api, failureMessage } from "~/lib/api-client.ts";
import { cx } from "~/lib/cx.ts";
import { showNotice } from "~/lib/notify.ts";
import { withSearch } from "~/lib/search-params.ts";
import { folderNameMaxLength, tagMaxLength } from "../../../shared/prompt.ts";
import { DeleteFolderDialog } from "./delete-folder-dialog.tsx";
import { buildUp, type FolderNode, folderTree } from "./folder-tree.ts";
import { type Folder, type Tag, useLibrary } from "./library-context.tsx";
import { NameDialog } from "./name-dialog.tsx";

type Editing =
  | { kind: "new-folder"; parent: Folder | null }
  | { kind: "rename-folder"; folder: Folder }
  | { kind: "delete-folder"; folder: Folder }
  | { kind: "rename-tag"; tag: Tag }
  | null;

const menuItem =
  "flex cursor-pointer rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100";

/** The personal library's folders (with counts, drop targets and actions) and tag filters. */
export function LibrarySidebar(props: { folders: Folder[]; tags: Tag[] }) {
  const current = useLocation();
  const pending = useNavigation().location;
  // While the next list loads, show the choice already made (the checkbox ticks at once).
  const location = pending?.pathname === current.pathname ? pending : current;
  const navigate = useNavigate();
  const { refresh } = useLibrary();
  const [editing, setEditing] = useState<Editing>(null);
  const params = new URLSearchParams(location.search);
  const currentFolder = params.get("folder");
  const selectedTags = params.getAll("tag").map((tag) => tag.toLowerCase());
  const byId = new Map(props.folders.map((folder) => [folder.id, folder]));

  async function attempt(call: () => Promise<unknown>, success: string, fallback: string) {
    try {
      await call();
      showNotice({ kind: "success", title: success });
      refresh();
      return true;
    } catch (error) {
      showNotice({ kind: "error", title: "Error", description: failureMessage(error, fallback) });
      return false;
    }
  }

  const folderRow = (node: FolderNode, subfolders: ReactNode[]) => (
    <li key={node.id}>
      <div
        {...promptTargetHandlers(node, refresh)}
        className={cx(
          "group flex items-center rounded-md data-[drop-over]:bg-brand-100 data-[drop-over]:ring-2 data-[drop-over]:ring-brand-500",
          currentFolder === node.id ? "bg-brand-50" : "hover:bg-slate-100",
        )}
        style={{ paddingLeft: `${node.depth * 0.875}rem` }}
      >
        <Link
          to={withSearch(location.search, (p) => p.set("folder", node.id))}
          aria-current={currentFolder === node.id ? "page" : undefined}
          className="flex min-w-0 flex-1 items-center gap-2 px-2 py-1.5 text-sm text-slate-800"
        >
          <FolderIcon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="truncate">{node.name}</span>
          <span className="ml-auto text-xs text-slate-500 tabular-nums">{node.promptCount}</span>
        </Link>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger
            aria-label={`Folder actions for ${node.name}`}
            className="rounded p-1 text-slate-500 hover:bg-slate-200"
          >
            <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              className="z-50 min-w-44 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
            >
              <DropdownMenu.Item
                className={menuItem}
                onSelect={() => setEditing({ kind: "new-folder", parent: node })}
              >
                New subfolder
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className={menuItem}
                onSelect={() => setEditing({ kind: "rename-folder", folder: node })}
              >
                Rename
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className={menuItem}
                onSelect={() => setEditing({ kind: "delete-folder", folder: node })}
              >
                Delete
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      {subfolders.length > 0 ? <ul>{subfolders}</ul> : null}
    </li>
  );

  const allActive = !currentFolder && selectedTags.length === 0;
  return (
    <nav aria-label="Library" className="space-y-6 text-sm">
      <ul className="space-y-1">
        <li>
          <Link
            to={withSearch(location.search, (p) => {
              p.delete("folder");
              p.delete("tag");
            })}
            aria-current={allActive ? "page" : undefined}
            className={cx(
              "flex items-center gap-2 rounded-md px-2 py-1.5 font-medium",
              allActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-100",
            )}
            {...promptTargetHandlers(null, refresh)}
          >
            <Library className="h-4 w-4" aria-hidden="true" /> All prompts
          </Link>
        </li>
        <li>
          <Link
            to="/favourites"
            className="flex items-center gap-2 rounded-md px-2 py-1.5 font-medium text-slate-800 hover:bg-slate-100"
          >
            <Star className="h-4 w-4" aria-hidden="true" /> Favourites
          </Link>
        </li>
      </ul>

      <section aria-labelledby="folders-heading">
        <div className="mb-1 flex items-center justify-between">
          <h2
            id="folders-heading"
            className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
          >
            Folders
          </h2>
          <button
            type="button"
            aria-label="New folder"
            onClick={() => setEditing({ kind: "new-folder", parent: null })}
            className="rounded p-1 text-slate-600 hover:bg-slate-100"
          >
            <FolderPlus className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        {props.folders.length === 0 ? (
          <p className="px-2 text-slate-500">No folders yet.</p>
        ) : (
          <ul className="space-y-0.5">{buildUp(folderTree(props.folders), folderRow)}</ul>
        )}
      </section>

      <section aria-labelledby="tags-heading">
        <h2
          id="tags-heading"
          className="mb-1 px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
        >
          Tags
        </h2>
        {props.tags.length === 0 ? (
          <p className="px-2 text-slate-500">Tag a prompt to filter by it.</p>
        ) : (
          <ul className="space-y-0.5">
            {props.tags.map((tag) => {
              const checked = selectedTags.includes(tag.name.toLowerCase());
              return (
                <li
                  key={tag.name}
                  className="group flex items-center rounded-md hover:bg-slate-100"
                >
                  <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 px-2 py-1.5 text-slate-800">
                    {/* Uncontrolled, so it ticks at once; it is re-created when the URL settles. */}
                    <input
                      key={`${tag.name}:${checked}`}
                      type="checkbox"
                      defaultChecked={checked}
                      onChange={() =>
                        navigate(
                          withSearch(location.search, (p) => {
                            const rest = p
                              .getAll("tag")
                              .filter((t) => t.toLowerCase() !== tag.name.toLowerCase());
                            p.delete("tag");
                            for (const t of checked ? rest : [...rest, tag.name])
                              p.append("tag", t);
                          }),
                          { preventScrollReset: true },
                        )
                      }
                    />
                    <span className="truncate">#{tag.name}</span>
                    <span className="ml-auto text-xs text-slate-500 tabular-nums">
                      {tag.promptCount}
                    </span>
                  </label>
                  <DropdownMenu.Root>
                    <DropdownMenu.Trigger
                      aria-label={`Tag actions for ${tag.name}`}
                      className="rounded p-1 text-slate-500 hover:bg-slate-200"
                    >
                      <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
                    </DropdownMenu.Trigger>
                    <DropdownMenu.Portal>
                      <DropdownMenu.Content
                        align="end"
                        className="z-50 min-w-40 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
                      >
                        <DropdownMenu.Item
                          className={menuItem}
                          onSelect={() => setEditing({ kind: "rename-tag", tag })}
                        >
                          Rename
                        </DropdownMenu.Item>
                        <DropdownMenu.Item
                          className={menuItem}
                          onSelect={() =>
                            void attempt(
                              () => api("DELETE", `/api/v1/tags/${encodeURIComponent(tag.name)}`),
                              `Deleted #${tag.name}`,
                              "Failed to delete the tag",
                            )
                          }
                        >
                          Delete everywhere
                        </DropdownMenu.Item>
                      </DropdownMenu.Content>
                    </DropdownMenu.Portal>
                  </DropdownMenu.Root>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <NameDialog
        open={editing?.kind === "new-folder" || editing?.kind === "rename-folder"}
        onOpenChange={(open) => !open && setEditing(null)}
        title={
          editing?.kind === "rename-folder"
            ? "Rename folder"
            : editing?.kind === "new-folder" && editing.parent
              ? `New folder in ${editing.parent.name}`
              : "New folder"
        }
        label="Folder name"
        initial={editing?.kind === "rename-folder" ? editing.folder.name : ""}
        maxLength={folderNameMaxLength}
        submitLabel={editing?.kind === "rename-folder" ? "Rename" : "Create folder"}
        onSubmit={(name) =>
          editing?.kind === "rename-folder"
            ? attempt(
                () => api("PATCH", `/api/v1/folders/${editing.folder.id}`, { name }),
                "Folder renamed",
                "Failed to rename the folder",
              )
            : attempt(
                () =>
                  api("POST", "/api/v1/folders", {
                    name,
                    parentId: editing?.kind === "new-folder" ? (editing.parent?.id ?? null) : null,
                  }),
                `Created ${name}`,
                "Failed to create the folder",
              )
        }
      />
      <NameDialog
        open={editing?.kind === "rename-tag"}
        onOpenChange={(open) => !open && setEditing(null)}
        title="Rename tag"
        label="Tag name"
        initial={editing?.kind === "rename-tag" ? editing.tag.name : ""}
        maxLength={tagMaxLength}
        submitLabel="Rename"
        onSubmit={(name) =>
          editing?.kind === "rename-tag"
            ? attempt(
                () =>
                  api("PATCH", `/api/v1/tags/${encodeURIComponent(editing.tag.name)}`, { name }),
                "Tag renamed",
                "Failed to rename the tag",
              )
            : Promise.resolve(false)
        }
      />
      <DeleteFolderDialog
        open={editing?.kind === "delete-folder"}
        onOpenChange={(open) => !open && setEditing(null)}
        folderName={editing?.kind === "delete-folder" ? editing.folder.name : ""}
        parentName={
          editing?.kind === "delete-folder" && editing.folder.parentId
            ? `"${byId.get(editing.folder.parentId)?.name}"`
            : "All prompts"
        }
        onConfirm={async (prompts) => {
          if (editing?.kind !== "delete-folder") return;
          const id = editing.folder.id;
          const done = await attempt(
            () => api("DELETE", `/api/v1/folders/${id}?prompts=${prompts}`),
            "Folder deleted",
            "Failed to delete the folder",
          );
          if (done && currentFolder === id)
            void navigate(withSearch(location.search, (p) => p.delete("folder")));
        }}
      />
    </nav>
  );
}
