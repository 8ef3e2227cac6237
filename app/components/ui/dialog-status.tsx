import { Icon } from "./icon.tsx";

/** What a dialog shows while its content is on its way. */
export function DialogLoading() {
  return (
    <p role="status" className="mt-6 flex items-center justify-center gap-2 text-faint">
      <Icon name="loader" className="h-5 w-5 animate-spin" /> Loading...
    </p>
  );
}

/** What a dialog shows when its content could not be loaded: what failed and what to do. */
export function DialogLoadFailed(props: { what: string }) {
  return (
    <p role="alert" className="mt-6 text-center text-danger-text">
      {props.what} could not be loaded. Close this and try again.
    </p>
  );
}
