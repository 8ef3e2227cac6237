import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { cx } from "~/lib/cx.ts";

/**
 * Tabs as the ARIA pattern has them: one tab stop, the arrow keys (and Home, End) move between
 * tabs and show each, the panel follows its tab.
 */
export function WorkbenchTabs<T extends string>(props: {
  tabs: readonly { id: T; label: string }[];
  current: T;
  onChange: (id: T) => void;
  children: ReactNode;
}) {
  const ids = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = props.tabs.findIndex((tab) => tab.id === props.current);
  function move(event: KeyboardEvent) {
    const last = props.tabs.length - 1;
    const to =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    const tab = props.tabs[to];
    if (!tab) return;
    props.onChange(tab.id);
    buttons.current[to]?.focus();
  }
  return (
    <>
      <div
        role="tablist"
        aria-label="Workbench"
        className="mt-4 flex gap-1 overflow-x-auto border-b border-line"
      >
        {props.tabs.map((tab, at) => (
          <button
            key={tab.id}
            ref={(button) => {
              buttons.current[at] = button;
            }}
            type="button"
            role="tab"
            id={`${ids}-${tab.id}`}
            aria-selected={tab.id === props.current}
            aria-controls={`${ids}-panel`}
            tabIndex={tab.id === props.current ? 0 : -1}
            onKeyDown={move}
            onClick={() => props.onChange(tab.id)}
            className={cx(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-focus",
              tab.id === props.current
                ? "border-accent text-accent-text"
                : "border-transparent text-fg-soft hover:text-fg",
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-${props.current}`}>
        {props.children}
      </div>
    </>
  );
}
