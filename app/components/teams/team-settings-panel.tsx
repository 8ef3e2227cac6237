import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { api } from "~/lib/api-client.ts";
import { cx } from "~/lib/cx.ts";
import { showNotice } from "~/lib/notify.ts";
import { type TeamSummary, teamNameMaxLength } from "../../../shared/teams.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { refusalText } from "./team-text.ts";
import { useHydrated } from "./use-hydrated.ts";

/** An owner's rename and delete of the team; deleting asks for the team's name to be typed. */
export function TeamSettingsPanel(props: {
  team: { id: string; name: string };
  /** The team was renamed: the page reads it again for its heading. */
  onRenamed: () => void;
}) {
  const ids = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [name, setName] = useState(props.team.name);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const unchanged = name.trim() === props.team.name;

  async function rename() {
    if (busy || unchanged) return;
    if (!name.trim()) return setProblem("Please name the team");
    setBusy(true);
    setProblem(null);
    try {
      const renamed = await api<TeamSummary>("PATCH", `/api/v1/teams/${props.team.id}`, {
        name: name.trim(),
      });
      setName(renamed.name);
      showNotice({ kind: "success", title: "Team renamed", description: `"${renamed.name}"` });
      props.onRenamed();
    } catch (error) {
      setProblem(refusalText(error) ?? "The team could not be renamed. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  async function remove(): Promise<string | null> {
    try {
      await api("DELETE", `/api/v1/teams/${props.team.id}`);
    } catch (error) {
      return refusalText(error) ?? "The team could not be deleted. Please try again.";
    }
    showNotice({ kind: "success", title: "Team deleted", description: `"${props.team.name}"` });
    await navigate("/teams");
    return null;
  }

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void rename();
        }}
      >
        <fieldset disabled={!hydrated} className="min-w-0 space-y-3">
          <div>
            <label htmlFor={`${ids}-name`} className="text-sm font-medium text-fg">
              Team name
            </label>
            <input
              id={`${ids}-name`}
              autoComplete="off"
              maxLength={teamNameMaxLength}
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids}-problem` : undefined}
              className={cx(fieldClass, "max-w-md")}
            />
          </div>
          {problem ? (
            <p
              id={`${ids}-problem`}
              role="alert"
              className="rounded-lg bg-danger-soft p-3 text-sm text-danger-text ring-1 ring-danger-line"
            >
              {problem}
            </p>
          ) : null}
          <Button type="submit" variant="secondary" disabled={busy || unchanged}>
            {busy ? "Renaming..." : "Rename team"}
          </Button>
        </fieldset>
      </form>
      <div className="space-y-3">
        <p className="text-sm text-fg-soft">
          Deleting the team deletes its prompts with their history, its invitations and its
          activity, for every member. It cannot be undone.
        </p>
        <Button
          ref={deleteButton}
          variant="danger"
          disabled={!hydrated}
          aria-haspopup="dialog"
          onClick={() => setDeleting(true)}
        >
          Delete team
        </Button>
      </div>
      {deleting ? (
        <ConfirmDialog
          title={`Delete "${props.team.name}"?`}
          description="Its prompts, their history, its invitations and its activity go, for every member. It cannot be undone."
          confirmLabel="Delete team"
          busyLabel="Deleting..."
          typed={{
            label: `Type the team's name (${props.team.name}) to confirm`,
            expected: props.team.name,
          }}
          onConfirm={remove}
          onClosed={(done) => {
            setDeleting(false);
            if (!done) deleteButton.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
