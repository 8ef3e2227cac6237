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

  it("moves the additions on once for a burst of shares, and once more when the window ends", () => {
    const versions = listening();
    const version = versions.of("reader");
    for (let i = 0; i < 10; i++) versions.heard("community");
    expect(versions.additions).toBe(1);
    vi.advanceTimersByTime(999);
    expect(versions.additions).toBe(1);
    vi.advanceTimersByTime(1);
    expect(versions.additions).toBe(2);
    vi.advanceTimersByTime(5000);
    expect(versions.additions).toBe(2);
    // Additions alone never make an answer unservable: its version stays.
    expect(versions.of("reader")).toBe(version);
  });

  it("moves the version itself at once when a shared prompt is changed or withdrawn", () => {
    const versions = listening();
    versions.heard("community");
    const reader = versions.of("reader");
    versions.heard("community:now");
    expect(versions.of("reader")).not.toBe(reader);
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
    versions.heard("community:now");
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
