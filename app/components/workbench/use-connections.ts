import { useCallback, useEffect, useState } from "react";
import { api } from "~/lib/api-client.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import type { ConnectionView } from "../../../shared/workbench.ts";

const readConnections = () =>
  api<{ connections: ConnectionView[] }>("GET", "/api/v1/connections").then(
    (answer) => answer.connections,
  );

/** The person's model connections, for the run panel and the workbench page. */
export function useConnections() {
  return useApiData(readConnections);
}

/** The models a connection's service reports, fetched when it is chosen; empty until then. */
export function useModels(connectionId: string | null) {
  const [models, setModels] = useState<{ list: string[]; failed: string | null }>({
    list: [],
    failed: null,
  });
  const load = useCallback(async (id: string, signal: AbortSignal) => {
    try {
      const answer = await api<{ models: string[] }>(
        "GET",
        `/api/v1/connections/${id}/models`,
        undefined,
        { signal },
      );
      setModels({ list: answer.models, failed: null });
    } catch (error) {
      if (!signal.aborted) {
        setModels({ list: [], failed: error instanceof Error ? error.message : "failed" });
      }
    }
  }, []);
  useEffect(() => {
    setModels({ list: [], failed: null });
    if (!connectionId) return;
    const abort = new AbortController();
    void load(connectionId, abort.signal);
    return () => abort.abort();
  }, [connectionId, load]);
  return models;
}
