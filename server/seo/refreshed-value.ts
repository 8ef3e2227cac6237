/**
 * A value worked out once and then handed out at once while a newer one is worked out in the
 * background, every `refreshMs` at most: only the first caller waits. A failed refresh keeps
 * the last value (the next caller after it tries again); a failed first computation is not kept.
 */
export function refreshedValue<T>(refreshMs: number, compute: () => Promise<T>) {
  let current: { value: Promise<T>; at: number } | undefined;
  let refreshing = false;
  return (): Promise<T> => {
    if (!current) {
      const value = compute();
      current = { value, at: Date.now() };
      value.catch(() => {
        if (current?.value === value) current = undefined;
      });
      return value;
    }
    if (!refreshing && Date.now() - current.at > refreshMs) {
      refreshing = true;
      compute()
        .then((value) => {
          current = { value: Promise.resolve(value), at: Date.now() };
        })
        .catch(() => {})
        .finally(() => {
          refreshing = false;
        });
    }
    return current.value;
  };
}
