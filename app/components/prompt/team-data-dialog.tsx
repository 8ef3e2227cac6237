import { useState } from "react";
import { exportFormats } from "~/components/settings/export-formats.ts";
import { ImportPanel } from "~/components/settings/import-panel.tsx";
import { Button, buttonClasses } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { WideDialog } from "~/components/ui/wide-dialog.tsx";
import { roleAtLeast, type TeamSummary } from "../../../shared/teams.ts";

/**
 * A team's library to download (any member) and, for its editors, a file to bring into it: the
 * same formats and checks as one's own library, into the team's.
 */
export function TeamDataDialog(props: { team: TeamSummary }) {
  const [open, setOpen] = useState(false);
  const { team } = props;
  const imports = roleAtLeast(team.role, "editor");
  return (
    <WideDialog
      open={open}
      onOpenChange={setOpen}
      title={imports ? `Export and import: ${team.name}` : `Export: ${team.name}`}
      description={
        imports
          ? "Download the team's prompts with their history, or bring a file's prompts into the team."
          : "Download the team's prompts with their history."
      }
      trigger={
        <Button variant="secondary">
          <Icon name="download" className="h-4 w-4" /> {imports ? "Export & import" : "Export"}
        </Button>
      }
    >
      <ul className="mt-4 space-y-3">
        {exportFormats.map((item) => (
          <li key={item.format} className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <a
              href={`/api/v1/export?${new URLSearchParams({ team: team.id, format: item.format })}`}
              download
              className={buttonClasses("secondary")}
            >
              <Icon name="download" className="h-4 w-4" /> Download {item.label}
            </a>
            <span className="text-sm text-muted">{item.note}</span>
          </li>
        ))}
      </ul>
      {imports ? (
        <section aria-labelledby="team-import-heading" className="mt-6">
          <h3 id="team-import-heading" className="mb-3 font-semibold text-fg">
            Import into {team.name}
          </h3>
          <ImportPanel teamId={team.id} />
        </section>
      ) : null}
    </WideDialog>
  );
}
