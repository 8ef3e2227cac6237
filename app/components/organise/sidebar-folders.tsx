import type { ReactNode } from "react";
import { Link } from "react-router";
import { promptTargetHandlers } from "~/components/organise/drop-target.ts";
import { Icon } from "~/components/ui/icon.tsx";
import { cx } from "~/lib/cx.ts";
import { withSearch } from "~/lib/search-params.ts";
import { buildUp, type FolderNode, folderTree } from "./folder-tree.ts";
import { type Folder, useLibrary } from "./library-context.tsx";
import { SidebarItemMenu } from "./sidebar-item-menu.tsx";

export type FolderEdit =
  | { kind: "new-folder"; parent: Folder | null }
  | { kind: "rename-folder"; folder: Folder }
  | { kind: "delete-folder"; folder: Folder };

/** The sidebar's folders: a tree of links with counts, each a drop target with its menu. */
export function SidebarFolders(props: {
  folders: Folder[];
  /** The list's query string, which each folder's link keeps. */
  search: string;
  currentFolder: string | null;
  onEdit: (edit: FolderEdit) => void;
}) {
  const { refresh } = useLibrary();
  const { search, currentFolder, onEdit } = props;

  const folderRow = (node: FolderNode, subfolders: ReactNode[]) => (
    <li key={node.id}>
      <div
        {...promptTargetHandlers(node, refresh)}
        className={cx(
          "group flex items-center rounded-md data-[drop-over]:bg-accent-soft-strong data-[drop-over]:ring-2 data-[drop-over]:ring-focus",
          currentFolder === node.id ? "bg-accent-soft" : "hover:bg-subtle",
        )}
        style={{ paddingLeft: `${node.depth * 0.875}rem` }}
      >
        <Link
          to={withSearch(search, (p) => p.set("folder", node.id))}
          aria-current={currentFolder === node.id ? "page" : undefined}
          className="flex min-w-0 flex-1 items-center gap-2 px-2 py-1.5 text-sm text-fg"
        >
          <Icon name="folder" className="h-4 w-4 shrink-0 text-faint" />
          <span className="truncate">{node.name}</span>
          <span className="ml-auto text-xs text-faint tabular-nums">{node.promptCount}</span>
        </Link>
        <SidebarItemMenu
          label={`Folder actions for ${node.name}`}
          minWidth="min-w-44"
          items={[
            {
              label: "New subfolder",
              onSelect: () => onEdit({ kind: "new-folder", parent: node }),
            },
            { label: "Rename", onSelect: () => onEdit({ kind: "rename-folder", folder: node }) },
            { label: "Delete", onSelect: () => onEdit({ kind: "delete-folder", folder: node }) },
          ]}
        />
      </div>
      {subfolders.length > 0 ? <ul>{subfolders}</ul> : null}
    </li>
  );

  return (
    <section aria-labelledby="folders-heading">
      <div className="mb-1 flex items-center justify-between">
        <h2
          id="folders-heading"
          className="px-2 text-xs font-semibold tracking-wide text-faint uppercase"
        >
          Folders
        </h2>
        <button
          type="button"
          aria-label="New folder"
          onClick={() => onEdit({ kind: "new-folder", parent: null })}
          className="rounded p-1 text-muted hover:bg-subtle"
        >
          <Icon name="folder-plus" className="h-4 w-4" />
        </button>
      </div>
      {props.folders.length === 0 ? (
        <p className="px-2 text-faint">No folders yet.</p>
      ) : (
        <ul className="space-y-0.5">{buildUp(folderTree(props.folders), folderRow)}</ul>
      )}
    </section>
  );
}
