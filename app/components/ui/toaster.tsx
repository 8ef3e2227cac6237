import { useEffect, useSyncExternalStore } from "react";
import type { Notice } from "../../../shared/messages.ts";
import { Icon } from "./icon.tsx";

const visibleForMs = 6000;

/** The notice on screen. One at a time: a new one replaces the old. */
let current: (Notice & { id: number }) | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(notice: (Notice & { id: number }) | null) {
  current = notice;
  for (const listener of listeners) listener();
}

export function toast(notice: Notice) {
  publish({ ...notice, id: nextId++ });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where notices appear: bottom right, announced to screen readers, dismissed after six seconds. */
export function Toaster() {
  const notice = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => publish(null), visibleForMs);
    return () => window.clearTimeout(timer);
  }, [notice]);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 left-4 z-[60] flex justify-end sm:left-auto"
    >
      {notice ? (
        <div
          key={notice.id}
          role={notice.kind === "error" ? "alert" : "status"}
          data-toast={notice.kind}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl bg-surface p-4 shadow-lg ring-1 ${
            notice.kind === "error" ? "ring-danger-line" : "ring-success-line"
          }`}
        >
          {notice.kind === "error" ? (
            <Icon name="x-circle" className="mt-0.5 h-5 w-5 shrink-0 text-danger-text" />
          ) : (
            <Icon name="check-circle" className="mt-0.5 h-5 w-5 shrink-0 text-success-text" />
          )}
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-fg">{notice.title}</p>
            {notice.description ? (
              <p className="mt-0.5 text-sm text-fg-soft">{notice.description}</p>
            ) : null}
          </div>
          <button
            type="button"
            aria-label="Dismiss notification"
            onClick={() => publish(null)}
            className="rounded p-0.5 text-faint hover:bg-subtle hover:text-fg"
          >
            <Icon name="x" className="h-4 w-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
