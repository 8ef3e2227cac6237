import type { SortOrder } from "../../app/lib/prompt.ts";
import { AppError } from "../errors.ts";

/** Where a page ended: the last row's sort value (a time, a title or a count) and its id. */
export interface ListPosition {
  value: string | number;
  id: string;
}

export function encodeCursor(order: SortOrder | "starred", position: ListPosition) {
  return Buffer.from(JSON.stringify([order, position.value, position.id])).toString("base64url");
}

const uuid = /^[0-9a-f-]{36}$/;

export function decodeCursor(cursor: string, order: SortOrder | "starred"): ListPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString());
  } catch {
    parsed = null;
  }
  const [cursorOrder, value, id] = Array.isArray(parsed) ? parsed : [];
  const valueFits =
    order === "copies"
      ? Number.isInteger(value)
      : typeof value === "string" && (order === "title" || !Number.isNaN(Date.parse(value)));
  if (cursorOrder !== order || !valueFits || typeof id !== "string" || !uuid.test(id)) {
    throw new AppError("invalid_input", "cursor: not a cursor this list gave out");
  }
  return { value, id };
}
