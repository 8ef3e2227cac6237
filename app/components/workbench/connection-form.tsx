import { useId, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { api } from "~/lib/api-client.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import type { TeamSummary } from "../../../shared/teams.ts";
import {
  type ConnectionKind,
  type ConnectionView,
  connectionKeyMaxLength,
  connectionNameMaxLength,
  connectionUrlMaxLength,
} from "../../../shared/workbench.ts";

export interface ConnectionDraft {
  name: string;
  kind: ConnectionKind;
  baseUrl: string;
  /** Typed only: an empty field keeps the key there is (or has none). */
  apiKey: string;
  removeKey: boolean;
  defaultModel: string;
  /** A new connection's team (one the person owns); empty for their own. */
  teamId: string;
}

export function draftOf(connection: ConnectionView | null): ConnectionDraft {
  return {
    name: connection?.name ?? "",
    kind: connection?.kind ?? "openai-compatible",
    baseUrl: connection?.baseUrl ?? "",
    apiKey: "",
    removeKey: false,
    defaultModel: connection?.defaultModel ?? "",
    teamId: "",
  };
}

/** The teams a person owns, whose connections they may add. */
const readOwnedTeams = () =>
  api<{ items: TeamSummary[] }>("GET", "/api/v1/teams").then((answer) =>
    answer.items.filter((team) => team.role === "owner"),
  );

const addressHints: Record<ConnectionKind, string> = {
  "openai-compatible":
    "OpenAI: https://api.openai.com/v1 · Ollama: http://localhost:11434/v1 · LM Studio: http://localhost:1234/v1 · llama.cpp and vLLM: their address and /v1",
  anthropic: "Anthropic: https://api.anthropic.com",
};

/**
 * A connection's fields. The key is a password field, never filled in: the server never sends
 * a key back, so editing shows only whether one is kept.
 */
export function ConnectionForm(props: {
  editing: ConnectionView | null;
  saving: boolean;
  error: string | null;
  onSave: (draft: ConnectionDraft) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const [draft, setDraft] = useState(() => draftOf(props.editing));
  const set = (change: Partial<ConnectionDraft>) => setDraft({ ...draft, ...change });
  const kept = props.editing?.hasKey === true;
  return (
    <form
      className="mt-4 grid gap-3 rounded-lg bg-canvas p-4 ring-1 ring-line sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave(draft);
      }}
    >
      <div>
        <label htmlFor={`${ids}-name`} className="text-sm font-medium text-fg">
          Name
        </label>
        <input
          id={`${ids}-name`}
          required
          maxLength={connectionNameMaxLength}
          value={draft.name}
          placeholder="My Ollama"
          onChange={(event) => set({ name: event.target.value })}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-kind`} className="text-sm font-medium text-fg">
          Kind
        </label>
        <select
          id={`${ids}-kind`}
          value={draft.kind}
          onChange={(event) => set({ kind: event.target.value as ConnectionKind })}
          className={fieldClass}
        >
          <option value="openai-compatible">OpenAI-compatible</option>
          <option value="anthropic">Anthropic</option>
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${ids}-url`} className="text-sm font-medium text-fg">
          Base URL
        </label>
        <input
          id={`${ids}-url`}
          required
          type="url"
          maxLength={connectionUrlMaxLength}
          value={draft.baseUrl}
          aria-describedby={`${ids}-url-hint`}
          onChange={(event) => set({ baseUrl: event.target.value })}
          className={fieldClass}
        />
        <p id={`${ids}-url-hint`} className="mt-1 text-xs break-words text-muted">
          {addressHints[draft.kind]}
        </p>
      </div>
      <div>
        <label htmlFor={`${ids}-key`} className="text-sm font-medium text-fg">
          API key {kept ? "(one is kept)" : "(optional)"}
        </label>
        <input
          id={`${ids}-key`}
          type="password"
          autoComplete="off"
          maxLength={connectionKeyMaxLength}
          value={draft.apiKey}
          disabled={draft.removeKey}
          placeholder={kept ? "leave empty to keep it" : "none for a local server"}
          aria-describedby={`${ids}-key-hint`}
          onChange={(event) => set({ apiKey: event.target.value })}
          className={fieldClass}
        />
        <p id={`${ids}-key-hint`} className="mt-1 text-xs text-muted">
          Kept encrypted on the server and never shown again.
          {props.editing?.keyNeedsEntering
            ? " The key kept could not be read here: enter it again."
            : ""}
        </p>
        {kept ? (
          <label className="mt-1 flex items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={draft.removeKey}
              onChange={(event) => set({ removeKey: event.target.checked, apiKey: "" })}
              className="h-4 w-4 rounded accent-accent"
            />
            Remove the key
          </label>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${ids}-model`} className="text-sm font-medium text-fg">
          Default model (optional)
        </label>
        <input
          id={`${ids}-model`}
          value={draft.defaultModel}
          placeholder="gpt-4.1-mini, claude-sonnet-4-5, llama3.2…"
          onChange={(event) => set({ defaultModel: event.target.value })}
          className={fieldClass}
        />
      </div>
      {props.editing === null ? (
        <ConnectionOwner ids={ids} value={draft.teamId} onChange={(teamId) => set({ teamId })} />
      ) : null}
      {props.error ? (
        <p role="alert" className="text-sm text-danger-text sm:col-span-2">
          {props.error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <Button variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={props.saving}>
          {props.saving ? "Saving…" : "Save connection"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Whose a new connection is: the person's own, or one of the teams they own, whose members will
 * run with it without seeing its key. Shown only to someone who owns a team.
 */
function ConnectionOwner(props: {
  ids: string;
  value: string;
  onChange: (teamId: string) => void;
}) {
  const { state } = useApiData(readOwnedTeams);
  if (state.kind !== "ready" || state.value.length === 0) return null;
  return (
    <div className="sm:col-span-2">
      <label htmlFor={`${props.ids}-owner`} className="text-sm font-medium text-fg">
        Kept for
      </label>
      <select
        id={`${props.ids}-owner`}
        value={props.value}
        aria-describedby={`${props.ids}-owner-hint`}
        onChange={(event) => props.onChange(event.target.value)}
        className={fieldClass}
      >
        <option value="">Me</option>
        {state.value.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name} (the team)
          </option>
        ))}
      </select>
      <p id={`${props.ids}-owner-hint`} className="mt-1 text-xs text-muted">
        A team's connection is run with by every member; its key stays on the server, and its owners
        alone change it.
      </p>
    </div>
  );
}
