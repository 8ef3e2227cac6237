import { describe, expect, it } from "vitest";
import { createKeptPageStore, type StoredPage } from "./kept-page-store.ts";

const page = (bytes: number, ...tags: string[]): StoredPage => ({ tags, bytes });

/** Keeps a page the way a finished render does. */
function keep(store: ReturnType<typeof createKeptPageStore>, key: string, kept: StoredPage) {
  return store.startRender()(key, kept);
}

describe("kept public pages", () => {
  it("stay within their byte budget by letting the least recently served go first", () => {
    const store = createKeptPageStore(300);
    keep(store, "/a", page(100));
    keep(store, "/b", page(100));
    keep(store, "/c", page(100));
    expect(store.get("/a")).toBeDefined();
    keep(store, "/d", page(100));
    expect(store.peek("/b")).toBeUndefined();
    expect(["/a", "/c", "/d"].every((key) => store.peek(key))).toBe(true);
    expect(store.calculatedSize).toBe(300);
    expect(store.size).toBe(3);
  });

  it("never keep a page larger than the whole budget, and replace a page kept again", () => {
    const store = createKeptPageStore(300);
    expect(keep(store, "/huge", page(301))).toBe(false);
    keep(store, "/a", page(100));
    keep(store, "/a", page(150));
    expect(store.calculatedSize).toBe(150);
    expect(store.size).toBe(1);
  });

  it("go at once when a tag they carry is dropped, and only those", () => {
    const store = createKeptPageStore(10_000);
    keep(store, "/p/one", page(10, "prompt:1", "profile:u"));
    keep(store, "/p/two", page(10, "prompt:2", "profile:u"));
    keep(store, "/u/someone", page(10, "profile:u", "community"));
    keep(store, "/", page(10));
    store.drop("prompt:1");
    expect(store.peek("/p/one")).toBeUndefined();
    expect(store.peek("/p/two")).toBeDefined();
    store.drop("profile:u");
    expect(store.size).toBe(1);
    expect(store.calculatedSize).toBe(10);
    store.drop("profile:u");
    expect(store.peek("/")).toBeDefined();
  });

  it("are not kept from a render under way while one of their tags was dropped", () => {
    const store = createKeptPageStore(10_000);
    const slow = store.startRender();
    const other = store.startRender();
    store.drop("prompt:1");
    expect(other("/p/two", page(10, "prompt:2"))).toBe(true);
    expect(slow("/p/one", page(10, "prompt:1"))).toBe(false);
    const later = store.startRender();
    expect(later("/p/one", page(10, "prompt:1"))).toBe(true);
  });

  it("all go after a gap in the change channel, with renders under way then, but untagged pages stay", () => {
    const store = createKeptPageStore(10_000);
    keep(store, "/p/one", page(10, "prompt:1"));
    keep(store, "/", page(10));
    const during = store.startRender();
    store.dropTagged();
    expect(store.peek("/p/one")).toBeUndefined();
    expect(store.peek("/")).toBeDefined();
    expect(during("/p/two", page(10, "prompt:2"))).toBe(false);
  });
});
