import { useState } from "react";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { ApiError, api } from "~/lib/api-client.ts";
import type { ConnectionView } from "../../../shared/workbench.ts";
import { type ConnectionDraft, ConnectionForm } from "./connection-form.tsx";
import type { useConnections } from "./use-connections.ts";

/**
 * The person's model connections, and their teams': add one (for a team they own too), change or
 * delete those they may, and list a service's models to see it answers.
 */
export function ConnectionsPanel(props: { connections: ReturnType<typeof useConnections> }) {
  const { state, reload, refresh } = props.connections;
  const [editing, setEditing] = useState<{ connection: ConnectionView | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<string | null>(null);

  async function save(draft: ConnectionDraft) {
    setSaving(true);
    setError(null);
    const existing = editing?.connection ?? null;
    const body = {
      name: draft.name,
      kind: draft.kind,
      baseUrl: draft.baseUrl,
      ...(draft.removeKey ? { apiKey: null } : draft.apiKey ? { apiKey: draft.apiKey } : {}),
      ...(draft.defaultModel.trim()
        ? { defaultModel: draft.defaultModel.trim() }
        : existing
          ? { defaultModel: null }
          : {}),
      ...(!existing && draft.teamId ? { teamId: draft.teamId } : {}),
    };
    try {
      if (existing) await api("PATCH", `/api/v1/connections/${existing.id}`, body);
      else await api("POST", "/api/v1/connections", body);
      setEditing(null);
      await refresh();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "The connection was not saved.");
    } finally {
      setSaving(false);
    }
  }

  async function listModels(connection: ConnectionView) {
    setChecked({ ...checked, [connection.id]: "Asking the service…" });
    try {
      const answer = await api<{ models: string[] }>(
        "GET",
        `/api/v1/connections/${connection.id}/models`,
      );
      setChecked((now) => ({
        ...now,
        [connection.id]: answer.models.length
          ? `Models: ${answer.models.join(", ")}`
          : "The service lists no models.",
      }));
    } catch (failure) {
      setChecked((now) => ({
        ...now,
        [connection.id]:
          failure instanceof ApiError ? failure.message : "The service did not answer.",
      }));
    }
  }

  async function remove(connection: ConnectionView) {
    try {
      await api("DELETE", `/api/v1/connections/${connection.id}`);
      setDeleting(null);
      await refresh();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "The connection was not deleted.");
    }
  }

  if (state.kind !== "ready") {
    return <ApiDataStatus state={state} what="model connections" onRetry={() => void reload()} />;
  }
  return (
    <div>
      {state.value.length ? (
        <ul className="divide-y divide-line rounded-lg ring-1 ring-line">
          {state.value.map((connection) => (
            <li key={connection.id} className="p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-words text-fg">
                    {connection.name}
                    {connection.team ? (
                      <span className="ml-2 rounded-full bg-subtle px-2 py-0.5 text-xs font-normal text-fg-soft">
                        {connection.team.name}'s
                      </span>
                    ) : null}
                  </p>
                  <p className="text-xs break-all text-muted">
                    {connection.kind === "anthropic" ? "Anthropic" : "OpenAI-compatible"} ·{" "}
                    {connection.baseUrl} ·{" "}
                    {connection.hasKey
                      ? "key kept"
                      : connection.keyNeedsEntering
                        ? "key to enter again"
                        : "no key"}
                    {connection.defaultModel ? ` · ${connection.defaultModel}` : ""}
                  </p>
                  {checked[connection.id] ? (
                    <p role="status" className="mt-1 text-xs break-words text-fg-soft">
                      {checked[connection.id]}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button variant="ghost" size="sm" onClick={() => void listModels(connection)}>
                    <Icon name="refresh-cw" className="h-4 w-4" /> Models
                  </Button>
                  {connection.canManage ? (
                    <ConnectionChanges
                      connection={connection}
                      deleting={deleting === connection.id}
                      onEdit={() => {
                        setError(null);
                        setEditing({ connection });
                      }}
                      onDelete={() => setDeleting(connection.id)}
                      onConfirmDelete={() => void remove(connection)}
                      onKeep={() => setDeleting(null)}
                    />
                  ) : null}
                </div>
              </div>
              {editing?.connection?.id === connection.id ? (
                <ConnectionForm
                  editing={connection}
                  saving={saving}
                  error={error}
                  onSave={(draft) => void save(draft)}
                  onCancel={() => setEditing(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No connections yet.</p>
      )}
      {editing && editing.connection === null ? (
        <ConnectionForm
          editing={null}
          saving={saving}
          error={error}
          onSave={(draft) => void save(draft)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            setError(null);
            setEditing({ connection: null });
          }}
        >
          <Icon name="plug" className="h-4 w-4" /> Add a connection
        </Button>
      )}
    </div>
  );
}

/** Edit and Delete (asked first), for a connection the person may change. */
function ConnectionChanges(props: {
  connection: ConnectionView;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onConfirmDelete: () => void;
  onKeep: () => void;
}) {
  const { connection } = props;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Edit connection ${connection.name}`}
        onClick={props.onEdit}
      >
        <Icon name="pencil" className="h-4 w-4" /> Edit
      </Button>
      {props.deleting ? (
        <>
          <Button variant="danger" size="sm" onClick={props.onConfirmDelete}>
            Delete {connection.name}
          </Button>
          <Button variant="ghost" size="sm" onClick={props.onKeep}>
            Keep it
          </Button>
        </>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete connection ${connection.name}`}
          onClick={props.onDelete}
        >
          <Icon name="trash" className="h-4 w-4" />
        </Button>
      )}
    </>
  );
}
