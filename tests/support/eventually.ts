import { communityWindowMs } from "../../server/cache/kept-answers.ts";

/**
 * Runs `read` until `done` holds of its result, for up to 2 s past the community window: a
 * notice crossing the database, or the community's additions moving on, takes a moment.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  const deadline = Date.now() + 2000 + communityWindowMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}
