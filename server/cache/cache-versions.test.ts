import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCacheVersions } from "./cache-versions.ts";

describe("cache versions", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const listening = () => {
    const versions = createCacheVersions({ communityWindowMs: 1000 });
    versions.setListening(true);
    return versions;
  };

  it("moves the community on once for a burst of changes, and once more when the window ends", () => {
    const versions = listening();
    const start = versions.of("reader");
    for (let i = 0; i < 10; i++) versions.heard("community");
    const first = versions.of("reader");
    expect(first).not.toBe(start);
    vi.advanceTimersByTime(999);
    expect(versions.of("reader")).toBe(first);
    vi.advanceTimersByTime(1);
    const second = versions.of("reader");
    expect(second).not.toBe(first);
    vi.advanceTimersByTime(5000);
    expect(versions.of("reader")).toBe(second);
  });

  it("applies a shared prompt's change or withdrawal at once, inside the window", () => {
    const versions = listening();
    versions.heard("community");
    const reader = versions.of("reader");
    versions.heard("community:now");
    const after = versions.of("reader");
    expect(after).not.toBe(reader);
    // The addition the window held back is covered by that move: no second one follows.
    vi.advanceTimersByTime(5000);
    expect(versions.of("reader")).toBe(after);
  });

  it("shows the writer their own change at once, inside the window", () => {
    const versions = listening();
    versions.heard("community");
    const reader = versions.of("reader");
    const writer = versions.of("writer");
    versions.changedBy("writer");
    expect(versions.of("writer")).not.toBe(writer);
    expect(versions.of("reader")).toBe(reader);
  });

  it("leaves pages without the community alone when the community changes", () => {
    const versions = listening();
    const own = versions.of("reader", false);
    versions.heard("community");
    vi.advanceTimersByTime(5000);
    versions.heard("community");
    expect(versions.of("reader", false)).toBe(own);
    versions.heard("user:reader");
    expect(versions.of("reader", false)).not.toBe(own);
  });

  it("moves every version on with a new LISTEN", () => {
    const versions = listening();
    const own = versions.of("reader", false);
    versions.setListening(false);
    versions.setListening(true);
    expect(versions.of("reader", false)).not.toBe(own);
  });
});
