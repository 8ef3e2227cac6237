/**
 * Whether a server-sent event stream ends (the server closes it) within `ms`. Reads and drops
 * its events; a stream still open then is cancelled, as a browser closing the tab would.
 */
export async function streamEnds(response: Response, ms: number) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no stream");
  const deadline = Date.now() + ms;
  const timedOut = Symbol("timed out");
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    let timer: NodeJS.Timeout | undefined;
    const next = await Promise.race([
      reader.read(),
      new Promise<typeof timedOut>((resolve) => {
        timer = setTimeout(() => resolve(timedOut), left);
      }),
    ]);
    clearTimeout(timer);
    if (next === timedOut) break;
    if (next.done) return true;
  }
  await reader.cancel().catch(() => {});
  return false;
}
