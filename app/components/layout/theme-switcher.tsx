import { useSyncExternalStore } from "react";
import { Icon } from "~/components/ui/icon.tsx";
import type { IconName } from "~/components/ui/icon-names.ts";
import { cx } from "~/lib/cx.ts";
import {
  applyThemeChoice,
  readThemeChoice,
  subscribeThemeChoice,
  type ThemeChoice,
} from "~/lib/theme.ts";

const options: { value: ThemeChoice; label: string; icon: IconName }[] = [
  { value: "light", label: "Light", icon: "sun" },
  { value: "dark", label: "Dark", icon: "moon" },
  { value: "system", label: "System", icon: "monitor" },
];

/** Three buttons, one pressed: the theme for this browser, remembered across visits. */
export function ThemeSwitcher(props: { tone?: "page" | "night"; className?: string }) {
  // The server cannot know the stored choice; it renders "system" and the browser corrects it.
  const choice = useSyncExternalStore(subscribeThemeChoice, readThemeChoice, () => "system");
  const night = props.tone === "night";
  return (
    <fieldset className={cx("flex items-center gap-2", props.className)}>
      <legend className={cx("sr-only")}>Theme</legend>
      <span aria-hidden="true" className={cx("text-sm", night ? "text-night-muted" : "text-muted")}>
        Theme
      </span>
      <div
        className={cx(
          "inline-flex rounded-lg p-0.5 ring-1",
          night ? "bg-night ring-night-line" : "bg-subtle ring-line",
        )}
      >
        {options.map(({ value, label, icon }) => (
          <button
            key={value}
            type="button"
            aria-pressed={choice === value}
            title={label}
            onClick={() => applyThemeChoice(value)}
            className={cx(
              "inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-focus",
              choice === value
                ? night
                  ? "bg-night-line text-night-fg"
                  : "bg-surface text-fg shadow-sm"
                : night
                  ? "text-night-muted hover:text-night-fg"
                  : "text-muted hover:text-fg",
            )}
          >
            <Icon name={icon} className="h-4 w-4" />
            <span>{label}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
