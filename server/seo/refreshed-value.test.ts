import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshedValue } from "./refreshed-value.ts";

// The clock the value reads is the test's: time passes when the test moves it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets a refresh under way in the background finish (its promises settle before this). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("a refreshed value", () => {
  it("makes only the first caller wait, then hands out the last value while a newer one is worked out", async () => {
    let calls = 0;
    let release: (() => void) | undefined;
    const value = refreshedValue(20, async () => {
      calls += 1;
      if (calls === 2) await new Promise<void>((resolve) => (release = resolve));
      return calls;
    });
    expect(await value()).toBe(1);
    vi.advanceTimersByTime(20);
    expect(await value()).toBe(1);
    expect(calls).toBe(1);
    vi.advanceTimersByTime(1);
    // Stale: the old value at once, one refresh under way however many ask.
    expect(await value()).toBe(1);
    expect(await value()).toBe(1);
    expect(calls).toBe(2);
    release?.();
    await settled();
    expect(await value()).toBe(2);
  });

  it("keeps the last value when a refresh fails, and forgets a failed first computation", async () => {
    let calls = 0;
    const value = refreshedValue(0, async () => {
      calls += 1;
      if (calls === 1 || calls === 3) throw new Error("database away");
      return calls;
    });
    await expect(value()).rejects.toThrow("database away");
    expect(await value()).toBe(2);
    vi.advanceTimersByTime(1);
    expect(await value()).toBe(2);
    await settled();
    vi.advanceTimersByTime(1);
    expect(await value()).toBe(2);
    await settled();
    vi.advanceTimersByTime(1);
    expect(await value()).toBe(4);
  });
});
