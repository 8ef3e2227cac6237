import { useState } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { promptTargetHandlers } from "~/components/organise/drop-target.ts";
import { Icon } from "~/components/ui/icon.tsx";
import { cx } from "~/lib/cx.ts";
import { withSearch } from "~/lib/search-params.ts";
import { folderNameMaxLength, tagMaxLength } from "../../../shared/prompt.ts";
import type { TeamSummary } from "../../../shared/teams.ts";
import { DeleteFolderDialog } from "./delete-folder-dialog.tsx";
import { type Folder, type Tag, useLibrary } from "./library-context.tsx";
import { NameDialog } from "./name-dialog.tsx";
import { type FolderEdit, SidebarFolders } from "./sidebar-folders.tsx";
import { SidebarTags } from "./sidebar-tags.tsx";
import { SidebarTeams } from "./sidebar-teams.tsx";
import { useSidebarActions } from "./use-sidebar-actions.ts";

type Editing = FolderEdit | { kind: "rename-tag"; tag: Tag } | null;

/**
 * The personal library's sidebar: its folders (with counts, drop targets and actions), tag
 * filters, and the other libraries the person may switch to.
 */
export function LibrarySidebar(props: { folders: Folder[]; tags: Tag[]; teams: TeamSummary[] }) {
  const current = useLocation();
  const pending = useNavigation().location;
  // While the next list loads, show the choice already made (the checkbox ticks at once).
  const location = pending?.pathname === current.pathname ? pending : current;
  const navigate = useNavigate();
  const { refresh } = useLibrary();
  const actions = useSidebarActions();
  const [editing, setEditing] = useState<Editing>(null);
  const params = new URLSearchParams(location.search);
  const currentFolder = params.get("folder");
  const selectedTags = params.getAll("tag").map((tag) => tag.toLowerCase());
  const byId = new Map(props.folders.map((folder) => [folder.id, folder]));
  const close = (open: boolean) => !open && setEditing(null);

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
              allActive ? "bg-accent-soft text-accent-text" : "text-fg hover:bg-subtle",
            )}
            {...promptTargetHandlers(null, refresh)}
          >
            <Icon name="library" className="h-4 w-4" /> All prompts
          </Link>
        </li>
        <li>
          <Link
            to="/favourites"
            className="flex items-center gap-2 rounded-md px-2 py-1.5 font-medium text-fg hover:bg-subtle"
          >
            <Icon name="star" className="h-4 w-4" /> Favourites
          </Link>
        </li>
      </ul>

      <SidebarFolders
        folders={props.folders}
        search={location.search}
        currentFolder={currentFolder}
        onEdit={setEditing}
      />
      <SidebarTags
        tags={props.tags}
        search={location.search}
        selectedTags={selectedTags}
        onRename={(tag) => setEditing({ kind: "rename-tag", tag })}
        onDelete={(tag) => void actions.deleteTag(tag)}
      />
      <SidebarTeams teams={props.teams} />

      <NameDialog
        open={editing?.kind === "new-folder" || editing?.kind === "rename-folder"}
        onOpenChange={close}
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
            ? actions.renameFolder(editing.folder, name)
            : actions.createFolder(name, editing?.kind === "new-folder" ? editing.parent : null)
        }
      />
      <NameDialog
        open={editing?.kind === "rename-tag"}
        onOpenChange={close}
        title="Rename tag"
        label="Tag name"
        initial={editing?.kind === "rename-tag" ? editing.tag.name : ""}
        maxLength={tagMaxLength}
        submitLabel="Rename"
        onSubmit={(name) =>
          editing?.kind === "rename-tag"
            ? actions.renameTag(editing.tag, name)
            : Promise.resolve(false)
        }
      />
      <DeleteFolderDialog
        open={editing?.kind === "delete-folder"}
        onOpenChange={close}
        folderName={editing?.kind === "delete-folder" ? editing.folder.name : ""}
        parentName={
          editing?.kind === "delete-folder" && editing.folder.parentId
            ? `"${byId.get(editing.folder.parentId)?.name}"`
            : "All prompts"
        }
        onConfirm={async (prompts) => {
          if (editing?.kind !== "delete-folder") return;
          const { folder } = editing;
          const done = await actions.deleteFolder(folder, prompts);
          if (done && currentFolder === folder.id)
            void navigate(withSearch(location.search, (p) => p.delete("folder")));
        }}
      />
    </nav>
  );
}
