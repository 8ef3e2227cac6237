import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { type TeamSummary, teamNameMaxLength } from "../../../shared/teams.ts";
import { refusalText } from "./team-text.ts";
import { useHydrated } from "./use-hydrated.ts";

/** Names a new team and makes it; its maker becomes its owner and goes to its library. */
export function NewTeamForm() {
  const ids = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function create() {
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setProblem("Please name the team");
      field.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const team = await api<TeamSummary>("POST", "/api/v1/teams", { name: trimmed });
      showNotice({
        kind: "success",
        title: "Team created",
        description: `You own "${team.name}". Invite people from its Members page.`,
      });
      await navigate(`/teams/${team.id}`);
    } catch (error) {
      // A limit (TEAMS_PER_PERSON) or a bad name: the server's words say what to change.
      setProblem(refusalText(error) ?? "The team could not be created. Please try again.");
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
        <div>
          <label htmlFor={`${ids}-name`} className="text-sm font-medium text-fg">
            Team name
          </label>
          <input
            ref={field}
            id={`${ids}-name`}
            required
            autoComplete="off"
            maxLength={teamNameMaxLength}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="e.g. Marketing, Year 10 English"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids}-problem` : `${ids}-hint`}
            className={fieldClass}
          />
          <p id={`${ids}-hint`} className="mt-1 text-xs text-muted">
            At most {teamNameMaxLength} characters. You can rename it later.
          </p>
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
        <Button type="submit" aria-busy={busy || undefined} disabled={busy}>
          {busy ? "Creating..." : "Create team"}
        </Button>
      </fieldset>
    </form>
  );
}
