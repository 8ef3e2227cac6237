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

/**
 * Three buttons, one pressed: the theme for this browser, remembered across visits. `stacked`
 * (the phone menu, 232 px wide at 320) puts "Theme" above three equal buttons, each its icon over
 * its name, so all three fit whatever the width.
 */
export function ThemeSwitcher(props: {
  tone?: "page" | "night";
  layout?: "row" | "stacked";
  className?: string;
}) {
  // The server cannot know the stored choice; it renders "system" and the browser corrects it.
  const choice = useSyncExternalStore(subscribeThemeChoice, readThemeChoice, () => "system");
  const night = props.tone === "night";
  const stacked = props.layout === "stacked";
  return (
    <fieldset
      className={cx(stacked ? "flex flex-col gap-2" : "flex items-center gap-2", props.className)}
    >
      <legend className={cx("sr-only")}>Theme</legend>
      <span aria-hidden="true" className={cx("text-sm", night ? "text-night-muted" : "text-muted")}>
        Theme
      </span>
      <div
        className={cx(
          "rounded-lg p-0.5 ring-1",
          stacked ? "grid grid-cols-3" : "inline-flex",
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
              "inline-flex min-w-0 items-center rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-focus",
              stacked ? "flex-col justify-center gap-0.5 px-1 py-1.5" : "h-8 gap-1.5 px-2.5",
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
