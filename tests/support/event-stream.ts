/**
 * How long a stream is given to end: the limit is for one that never ends, not a race with a
 * slow server on a loaded machine (vitest gives a test 20 s).
 */
const endLimitMs = 15_000;

/**
 * Whether a server-sent event stream ends (the server closes it) within `ms`. Reads and drops
 * its events; a stream still open then is cancelled, as a browser closing the tab would.
 */
export async function streamEnds(response: Response, ms = endLimitMs) {
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

/**
 * Reads a server-sent event stream until its text holds `wanted` (true: it is open and carries
 * what happens) or it ends first (false). It can be read on after, by streamEnds for one.
 */
export async function streamShows(response: Response, wanted: string) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no stream");
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) return false;
      text += decoder.decode(next.value, { stream: true });
      if (text.includes(wanted)) return true;
    }
  } finally {
    reader.releaseLock();
  }
}
