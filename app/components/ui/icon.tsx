import { cx } from "~/lib/cx.ts";
import type { IconName } from "./icon-names.ts";
import sprite from "./icons.svg?no-inline";

/**
 * An icon from the sprite, hidden from assistive technology (its button or text names it).
 * The stroke comes from the `icon` class; `filled` fills it with the text colour (a set star).
 */
export function Icon(props: { name: IconName; className?: string; filled?: boolean }) {
  return (
    <svg className={cx("icon", props.filled && "icon-filled", props.className)} aria-hidden="true">
      <use href={`${sprite}#${props.name}`} />
    </svg>
  );
}
