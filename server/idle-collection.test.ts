import { setImmediate as tick } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inFlightRequests } from "./http/in-flight.ts";
import {
  fullCollection,
  idleGrowthBytes,
  idleQuietMs,
  startIdleCollection,
} from "./idle-collection.ts";

/** A server's requests and heap as the collector sees them, on the test's clock. */
function quietServer() {
  vi.useFakeTimers();
  const inFlight = inFlightRequests(() => Date.now());
  let heap = 100 * 1024 * 1024;
  const collections: number[] = [];
  const stop = startIdleCollection({
    inFlight,
    heapUsed: () => heap,
    collect: () => {
      collections.push(Date.now());
      heap = 100 * 1024 * 1024;
    },
  });
  return {
    collections,
    grow: (bytes: number) => {
      heap += bytes;
    },
    /** A request that runs until the promise it is given settles. */
    request: (work: Promise<void>) => inFlight.track(work),
    stop,
  };
}

describe("a collection when the server goes quiet", () => {
  let server: ReturnType<typeof quietServer>;
  beforeEach(() => {
    server = quietServer();
  });
  afterEach(() => {
    server.stop();
    vi.useRealTimers();
  });

  it("runs once the heap has grown and no request has run for a while, and not again until it grows again", async () => {
    await server.request(Promise.resolve());
    server.grow(idleGrowthBytes);
    vi.advanceTimersByTime(idleQuietMs - 100);
    expect(server.collections).toHaveLength(0);
    vi.advanceTimersByTime(5_000);
    expect(server.collections).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(server.collections).toHaveLength(1);

    server.grow(idleGrowthBytes);
    vi.advanceTimersByTime(idleQuietMs + 2_500);
    expect(server.collections).toHaveLength(2);
  });

  it("never runs while a request is running, however long", async () => {
    let finish = () => {};
    const running = server.request(new Promise<void>((resolve) => (finish = resolve)));
    server.grow(10 * idleGrowthBytes);
    vi.advanceTimersByTime(10 * 60_000);
    expect(server.collections).toHaveLength(0);

    finish();
    await running;
    vi.advanceTimersByTime(idleQuietMs - 100);
    expect(server.collections).toHaveLength(0);
    vi.advanceTimersByTime(2_600);
    expect(server.collections).toHaveLength(1);
  });

  it("leaves a heap that has grown less alone, whatever the quiet", () => {
    server.grow(idleGrowthBytes - 1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(server.collections).toHaveLength(0);
  });

  it("waits after each request of a steady trickle", async () => {
    server.grow(idleGrowthBytes);
    for (let n = 0; n < 20; n++) {
      await server.request(Promise.resolve());
      vi.advanceTimersByTime(idleQuietMs - 1_000);
    }
    expect(server.collections).toHaveLength(0);
  });
});

describe("the whole collection", () => {
  it("is V8's own, reached without --expose-gc, and frees what nothing holds", async () => {
    const collect = fullCollection();
    // Held only by a weak reference, made outside this frame so no slot of it keeps the object.
    const weak = ((): WeakRef<object> => new WeakRef({ bytes: new Uint8Array(1024 * 1024) }))();
    // A weak target lives until the end of the job that made it.
    await tick();
    collect();
    expect(weak.deref()).toBeUndefined();
    // The flag is set for the moment it takes to reach the collector, and no longer.
    expect(await import("node:vm").then((vm) => vm.runInNewContext("typeof gc"))).toBe("undefined");
  });
});
