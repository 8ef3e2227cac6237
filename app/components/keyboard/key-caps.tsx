import { useSyncExternalStore } from "react";

const noChange = () => () => {};

/** Whether this is a Mac, where the palette's key is ⌘K (the server cannot know: it says Ctrl). */
export function useModKey() {
  return useSyncExternalStore(
    noChange,
    () => (/Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl"),
    () => "Ctrl",
  );
}

const kbdClass =
  "inline-flex min-w-6 items-center justify-center rounded-md bg-subtle px-1.5 py-0.5 font-mono text-xs font-medium text-fg ring-1 ring-line-strong";

/** A shortcut's keys as key caps: "g d" reads "g then d", "mod+k" reads "Ctrl + K". */
export function KeyCaps(props: { keys: string }) {
  const mod = useModKey();
  const steps = props.keys.split(" ");
  return (
    <span className="inline-flex flex-wrap items-center gap-1 text-xs text-muted">
      {steps.map((step, index) => (
        <span key={step} className="inline-flex items-center gap-1">
          {index > 0 ? <span>then</span> : null}
          {step === "mod+k" ? (
            <>
              <kbd className={kbdClass}>{mod}</kbd>+<kbd className={kbdClass}>K</kbd>
            </>
          ) : (
            <kbd className={kbdClass}>{step}</kbd>
          )}
        </span>
      ))}
    </span>
  );
}
