import { useEffect, useSyncExternalStore } from "react";
import type { Notice } from "../../../shared/messages.ts";
import { Icon } from "./icon.tsx";

const visibleForMs = 6000;

/** At most this many notices at once; a newer one pushes out the oldest. */
const shownAtOnce = 3;

type Shown = Notice & { id: number };

/**
 * The notices on screen, oldest first. Two can belong together (signing in through the dialog
 * says so, and the session then welcomes the person by email); the same notice again replaces
 * its earlier self rather than stacking.
 */
let current: readonly Shown[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(notices: readonly Shown[]) {
  current = notices;
  for (const listener of listeners) listener();
}

const same = (a: Notice, b: Notice) => a.title === b.title && a.description === b.description;

export function toast(notice: Notice) {
  const others = current.filter((shown) => !same(shown, notice));
  publish([...others, { ...notice, id: nextId++ }].slice(-shownAtOnce));
}

const dismiss = (id: number) => publish(current.filter((shown) => shown.id !== id));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const none: readonly Shown[] = [];

/** Where notices appear: bottom right, stacked, announced to screen readers. */
export function Toaster() {
  const notices = useSyncExternalStore(
    subscribe,
    () => current,
    () => none,
  );
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 left-4 z-[60] flex flex-col items-end gap-2 sm:left-auto"
    >
      {notices.map((notice) => (
        <Toast key={notice.id} notice={notice} />
      ))}
    </div>
  );
}

/** One notice, gone after six seconds or when dismissed. */
function Toast({ notice }: { notice: Shown }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(notice.id), visibleForMs);
    return () => window.clearTimeout(timer);
  }, [notice.id]);
  return (
    <div
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
        onClick={() => dismiss(notice.id)}
        className="rounded p-0.5 text-faint hover:bg-subtle hover:text-fg"
      >
        <Icon name="x" className="h-4 w-4" />
      </button>
    </div>
  );
}
