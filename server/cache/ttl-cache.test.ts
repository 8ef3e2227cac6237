import { afterEach, expect, it, vi } from "vitest";
import { ttlCache } from "./ttl-cache.ts";

afterEach(() => vi.useRealTimers());

it("computes once per key while fresh, then again after the time to live", async () => {
  vi.useFakeTimers();
  const compute = vi.fn(async (key: string) => `${key}:${compute.mock.calls.length}`);
  const cached = ttlCache(60_000, compute);
  expect(await Promise.all([cached("a"), cached("a"), cached("b")])).toEqual(["a:1", "a:1", "b:2"]);
  vi.advanceTimersByTime(60_001);
  expect(await cached("a")).toBe("a:3");
});

it("forgets failures so the next call tries again", async () => {
  let attempt = 0;
  const cached = ttlCache(60_000, async () => {
    attempt++;
    if (attempt === 1) throw new Error("database down");
    return "ok";
  });
  await expect(cached("k")).rejects.toThrow("database down");
  expect(await cached("k")).toBe("ok");
});
