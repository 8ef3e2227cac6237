import { actionOrFailure, type PromptActionResult } from "./prompt-actions.ts";

/**
 * Every prompt-list page's `clientAction`: its server action, answered even when the request
 * fails. Pages export it as `export const clientAction = promptClientAction;` next to
 * `shouldRevalidate = skipRevalidationAfterFailure`: React Router's build finds route exports
 * only as named exports of the route module, and splits `clientAction` into its own chunk.
 */
export function promptClientAction(args: {
  request: Request;
  serverAction: () => Promise<PromptActionResult>;
}) {
  return actionOrFailure(args.request, args.serverAction);
}
