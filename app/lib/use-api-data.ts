import { useCallback, useEffect, useState } from "react";
import { ApiError } from "~/lib/api-client.ts";

/** What a panel fetched for itself from the JSON API: on its way, there, or refused. */
export type ApiData<T> =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; value: T };

/**
 * Fetches a panel's own data once it is on screen (`read` must be a stable function: defined
 * outside the component, or kept with useCallback), with `reload` to fetch it again from
 * "loading", `refresh` to fetch it again while the last value stays shown (after a change the
 * panel made), and `setValue` for what the panel changed itself: the one way settings and
 * collection panels load what the page does not carry.
 */
export function useApiData<T>(read: () => Promise<T>) {
  const [state, setState] = useState<ApiData<T>>({ kind: "loading" });
  const refresh = useCallback(async () => {
    try {
      setState({ kind: "ready", value: await read() });
    } catch (error) {
      setState({
        kind: "failed",
        message: error instanceof ApiError ? error.message : "The request failed",
      });
    }
  }, [read]);
  const reload = useCallback(async () => {
    setState({ kind: "loading" });
    await refresh();
  }, [refresh]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const setValue = useCallback((value: T) => setState({ kind: "ready", value }), []);
  return { state, reload, refresh, setValue };
}
