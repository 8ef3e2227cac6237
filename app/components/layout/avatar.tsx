import { cx } from "~/lib/cx.ts";
import { displayName, type SessionUser } from "../../../shared/session-user.ts";

export function Avatar(props: { user: SessionUser; size?: "sm" | "lg" }) {
  const size = props.size === "lg" ? "h-12 w-12 text-lg" : "h-8 w-8 text-sm";
  if (props.user.avatarUrl) {
    return (
      <img
        src={props.user.avatarUrl}
        alt=""
        referrerPolicy="no-referrer"
        className={cx("rounded-full object-cover", size)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cx(
        "inline-flex items-center justify-center rounded-full bg-accent-soft-strong font-semibold text-accent-text",
        size,
      )}
    >
      {displayName(props.user).slice(0, 1).toUpperCase()}
    </span>
  );
}
