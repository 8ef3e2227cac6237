import type { SortOrder } from "../../shared/prompt.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../uuid.ts";
import { storableText } from "../validation.ts";
import { isOrderKey } from "./order-key.ts";

/**
 * Where a page ended: the last row's sort value (a time, a title, a count or a manual order key)
 * and its id.
 */
export interface ListPosition {
  value: string | number;
  id: string;
}

export function encodeCursor(order: SortOrder | "starred", position: ListPosition) {
  return Buffer.from(JSON.stringify([order, position.value, position.id])).toString("base64url");
}

/**
 * A time exactly as `toISOString()` writes it, in years 1 to 9999: PostgreSQL reads no year 0
 * and none of the six-digit years JavaScript writes past 9999.
 */
const isoTime = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The largest copy count an int4 column holds. */
const int4Max = 2_147_483_647;

/** Titles are cut to 35 characters; lower-casing can lengthen one, never past this. */
const titleKeyMaxLength = 200;
const titleKey = storableText().max(titleKeyMaxLength);

/** Manual order keys grow a digit every few moves into one gap; far past any real one. */
const orderKeyMaxLength = 150;

/**
 * Reads back a cursor this list gave out. Every field is checked before it reaches a query, so a
 * crafted cursor is 400, never a failed cast in the database.
 */
export function decodeCursor(cursor: string, order: SortOrder | "starred"): ListPosition {
  const parsed = parseCursor(cursor);
  if (parsed?.length !== 3) throw notACursor();
  const [cursorOrder, value, id] = parsed;
  if (cursorOrder !== order || !isUuid(id)) throw notACursor();
  if (!valueFits(order, value)) throw notACursor();
  return { value, id };
}

function parseCursor(cursor: string): unknown[] | null {
  if (!/^[A-Za-z0-9_-]*$/.test(cursor)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString());
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function valueFits(order: SortOrder | "starred", value: unknown): value is string | number {
  switch (order) {
    case "relevance":
      return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 3;
    case "copies":
      return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= int4Max;
    case "title":
      return titleKey.safeParse(value).success;
    case "manual":
      return typeof value === "string" && value.length <= orderKeyMaxLength && isOrderKey(value);
    case "newest":
    case "oldest":
    case "starred":
      return isTime(value);
  }
}

function isTime(value: unknown) {
  if (typeof value !== "string") return false;
  const year = isoTime.exec(value)?.[1];
  if (!year || Number(year) < 1) return false;
  const time = new Date(value);
  return !Number.isNaN(time.getTime()) && time.toISOString() === value;
}

function notACursor() {
  return new AppError("invalid_input", "cursor: not a cursor this list gave out", "cursor_unknown");
}
