import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useState } from "react";
import { Icon } from "~/components/ui/icon.tsx";
import type { Prompt } from "../../../shared/prompt.ts";
import type { TeamSummary } from "../../../shared/teams.ts";
import { filePrompt } from "./file-prompt.ts";
import { flatten, folderTree } from "./folder-tree.ts";
import { useLibrary } from "./library-context.tsx";
import { MoveIntoTeamDialog } from "./move-into-team-dialog.tsx";

const item =
  "flex cursor-pointer items-center rounded-md px-3 py-2 text-sm text-fg-soft outline-none data-[disabled]:cursor-default data-[disabled]:text-ghost data-[highlighted]:bg-subtle";

const triggerClass = "card-icon-button";

/**
 * "Move to...": the keyboard way to file a prompt (drag and drop is the other). The menu is
 * built on first use, so a list of cards renders a plain button.
 */
export function MoveToMenu(props: { prompt: Prompt }) {
  const [used, setUsed] = useState(false);
  const { folders } = useLibrary();
  if (!folders) return null;
  const label = `Move ${props.prompt.title} to...`;
  if (!used) {
    return (
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        onClick={() => setUsed(true)}
        className={triggerClass}
      >
        <Icon name="folder-input" className="h-4 w-4" />
      </button>
    );
  }
  return <Menu prompt={props.prompt} label={label} />;
}

function Menu(props: { prompt: Prompt; label: string }) {
  const { folders, teams, refresh } = useLibrary();
  const [intoTeam, setIntoTeam] = useState<TeamSummary | null>(null);
  const move = (folder: { id: string; name: string } | null) =>
    filePrompt(props.prompt.id, folder, refresh);
  return (
    <>
      <DropdownMenu.Root defaultOpen>
        <DropdownMenu.Trigger aria-label={props.label} className={triggerClass}>
          <Icon name="folder-input" className="h-4 w-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 max-h-80 min-w-52 overflow-y-auto rounded-xl bg-surface p-1.5 shadow-lg ring-1 ring-line"
          >
            <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-faint uppercase">
              Move to
            </DropdownMenu.Label>
            <DropdownMenu.Item
              className={item}
              disabled={props.prompt.folderId === null}
              onSelect={() => void move(null)}
            >
              No folder
            </DropdownMenu.Item>
            {flatten(folderTree(folders ?? [])).map((folder) => (
              <DropdownMenu.Item
                key={folder.id}
                className={item}
                disabled={props.prompt.folderId === folder.id}
                style={{ paddingLeft: `${0.75 + folder.depth * 1}rem` }}
                onSelect={() => void move(folder)}
              >
                {folder.name}
              </DropdownMenu.Item>
            ))}
            {teams.length > 0 ? (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-line" />
                <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-faint uppercase">
                  Into a team
                </DropdownMenu.Label>
                {teams.map((team) => (
                  <DropdownMenu.Item
                    key={team.id}
                    className={item}
                    onSelect={() => setIntoTeam(team)}
                  >
                    <span className="truncate">{team.name}</span>
                  </DropdownMenu.Item>
                ))}
              </>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <MoveIntoTeamDialog
        prompt={props.prompt}
        team={intoTeam}
        onClose={() => setIntoTeam(null)}
        onMoved={refresh}
      />
    </>
  );
}
