/**
 * Runs `read` until `done` holds of its result, and answers the last result. A notice crossing
 * the database, or the community's additions moving on after their window, takes a moment; on a
 * loaded machine several. The limit is for what never comes, not a race with what is slow.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  const deadline = Date.now() + 15_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}
