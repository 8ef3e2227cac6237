import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";

/**
 * What a request made with an access token may do, in one place (the API's bearer check and the
 * MCP tools both ask here). A browser session may do everything its person may; a token:
 * - `read`: whatever its person may read;
 * - `write`: changes too, with a token of the write scope;
 * - `manage`: never. Tokens are created and revoked, and the account deleted, only from a
 *   signed-in browser, so a leaked token cannot mint others or lock its owner out.
 */
export type TokenOperation = "read" | "write" | "manage";

export function assertTokenMay(viewer: Viewer | null, operation: TokenOperation) {
  const token = viewer?.token;
  if (!token || operation === "read") return;
  if (operation === "manage") {
    throw new AppError(
      "forbidden",
      "Access tokens cannot do this: please use PromptShelf in your browser",
      "session_required",
    );
  }
  if (token.scope !== "write") {
    throw new AppError("forbidden", "This access token may only read", "token_read_only");
  }
}
