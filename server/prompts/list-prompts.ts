import type { PromptPage } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { encodeCursor } from "./list-cursor.ts";
import { orderOf, positionOf } from "./list-order.ts";
import { listStatement } from "./list-statement.ts";
import { requireViewer } from "./prompt-access.ts";
import type { ListPromptsQuery } from "./prompt-input.ts";
import { toPrompt } from "./prompt-view.ts";
import { pageRows } from "./search-plan.ts";

/**
 * A page of prompts: your personal ones, the community's, or (administrators) all of them;
 * narrowed by topic, search term, your folder, your tags (all of them) or your stars; in one of
 * four orders. The favourites view (starred, newest) lists newest star first.
 */
export async function listPrompts(
  options: { db: Database; viewer: Viewer | null } & ListPromptsQuery,
): Promise<PromptPage> {
  const viewer = requireViewer(options.viewer);
  const list = { ...options, viewer };
  const order = orderOf(list);
  const rows = await pageRows(list, (path) => listStatement(list, path));
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toPrompt(row, viewer)),
    nextCursor:
      rows.length > options.limit && last ? encodeCursor(order, positionOf(order, last)) : null,
  };
}
