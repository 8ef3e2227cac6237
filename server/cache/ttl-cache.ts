/**
 * Remembers each key's answer for `ttlMs`; callers arriving while it is being computed share the
 * same promise, so a burst of requests costs one query. A failed computation is not remembered.
 */
export function ttlCache<T>(ttlMs: number, compute: (key: string) => Promise<T>) {
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return (key: string): Promise<T> => {
    const now = Date.now();
    const entry = entries.get(key);
    if (entry && entry.expires > now) return entry.value;
    const value = compute(key);
    entries.set(key, { expires: now + ttlMs, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}
