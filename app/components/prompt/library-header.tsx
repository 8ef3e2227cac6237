import type { ReactNode } from "react";
import { controlKeys } from "~/components/keyboard/shortcut-keys.ts";
import { Button } from "~/components/ui/button.tsx";

/** A library page's heading and what it is, with the page's buttons beside them. */
export function LibraryHeader(props: {
  heading: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-fg">{props.heading}</h1>
        <p className="mt-1 text-muted">{props.description}</p>
      </div>
      <div className="flex flex-wrap gap-3">{props.children}</div>
    </div>
  );
}

/** The page's Add (or Share) button, which "New prompt" (n) presses too. */
export function AddPromptButton(props: { label: string; onClick: () => void }) {
  return (
    <Button onClick={props.onClick} aria-keyshortcuts={controlKeys.newPrompt}>
      {props.label}
    </Button>
  );
}
