import { cx } from "~/lib/cx.ts";
import type { ApiData } from "~/lib/use-api-data.ts";
import { Button } from "./button.tsx";
import { Icon } from "./icon.tsx";

/**
 * What a panel shows while its own data (useApiData) is on its way, or when it could not be
 * loaded, with a way to try again; nothing once it is there. `what` names it after "your":
 * "collections" reads "Loading your collections..." and "Your collections could not be loaded".
 */
export function ApiDataStatus(props: {
  state: ApiData<unknown>;
  what: string;
  onRetry: () => void;
  className?: string;
}) {
  const { state } = props;
  if (state.kind === "loading") {
    return (
      <p
        role="status"
        className={cx("flex items-center gap-2 text-sm text-muted", props.className)}
      >
        <Icon name="loader" className="h-4 w-4 animate-spin" /> Loading your {props.what}...
      </p>
    );
  }
  if (state.kind === "failed") {
    return (
      <div
        role="alert"
        className={cx(
          "rounded-lg bg-danger-soft p-3 text-sm text-danger-text ring-1 ring-danger-line",
          props.className,
        )}
      >
        <p>
          Your {props.what} could not be loaded: {state.message}
        </p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={props.onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return null;
}
