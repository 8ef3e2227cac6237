import type { Location } from "react-router";

interface NewPromptState {
  newPrompt: true;
}

/**
 * "New prompt" opens the page's own Add (or Share) form; a page without one sends the person to
 * their dashboard with this state, and the dashboard opens its form.
 */
export const newPromptState: NewPromptState = { newPrompt: true };

export function newPromptAsked(location: Pick<Location, "state">) {
  return (location.state as Partial<NewPromptState> | null)?.newPrompt === true;
}
