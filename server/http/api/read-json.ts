import type { Context } from "hono";
import { AppError } from "../../errors.ts";

export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError("invalid_input", "The request body must be JSON", "body_not_json");
  }
}
