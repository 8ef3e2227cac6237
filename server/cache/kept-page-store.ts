import { keptCache } from "./memory-budget.ts";

/**
 * Public pages kept in memory, within their share of the memory budget (memory-budget.ts): the
 * least recently served goes first, so a million prompt pages can be asked for and memory still
 * holds only the pages people read.
 *
 * Each page may carry tags naming what it shows (`prompt:<id>`, `community`, `profile:<id>`…).
 * Dropping a tag drops every page carrying it, at once; a render that was under way when one of
 * its tags was dropped is not kept, since it may have read what was just changed.
 */
export interface StoredPage {
  tags: readonly string[];
  bytes: number;
}

export function createKeptPageStore<Page extends StoredPage>(budgetBytes: number) {
  const tagged = new Map<string, Set<string>>();
  const untag = (page: Page, key: string) => {
    for (const tag of page.tags) {
      const keys = tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) tagged.delete(tag);
    }
  };
  // Whichever way a page leaves (dropped, replaced, or the least recently served past the
  // budget), its tags no longer name it.
  const pages = keptCache<Page>({
    maxBytes: budgetBytes,
    sizeOf: (page) => page.bytes,
    dispose: untag,
  });
  /** Counts drops; a render remembers where it started. */
  let dropCount = 0;
  /** Tags dropped while renders were under way (cleared when none is), "*" for all at once. */
  const recentDrops: { at: number; tag: string }[] = [];
  let rendersUnderWay = 0;

  const remove = (key: string) => {
    pages.delete(key);
  };

  const noteDrop = (tag: string) => {
    dropCount++;
    if (rendersUnderWay > 0) recentDrops.push({ at: dropCount, tag });
  };

  return {
    /** The page kept under this key, marked as just served. */
    get(key: string): Page | undefined {
      return pages.get(key);
    },
    /** Without marking it served: for looking before deciding. */
    peek(key: string) {
      return pages.peek(key);
    },
    /** Call as a render starts; the returned function keeps its page unless a tag was dropped since. */
    startRender() {
      rendersUnderWay++;
      const startedAt = dropCount;
      let done = false;
      return (key: string, page: Page | null): boolean => {
        if (done) throw new Error("a render is kept once");
        done = true;
        rendersUnderWay--;
        const dropped = recentDrops.some(
          ({ at, tag }) => at > startedAt && (tag === "*" || page?.tags.includes(tag)),
        );
        if (rendersUnderWay === 0) recentDrops.length = 0;
        if (!page || dropped || page.bytes > budgetBytes) return false;
        remove(key);
        pages.set(key, page);
        for (const tag of page.tags) {
          const keys = tagged.get(tag) ?? new Set<string>();
          tagged.set(tag, keys);
          keys.add(key);
        }
        return true;
      };
    },
    /** Drops every page showing this. */
    drop(tag: string) {
      noteDrop(tag);
      for (const key of [...(tagged.get(tag) ?? [])]) remove(key);
    },
    /** Drops every tagged page: after a gap in the database's notices, any of them may be stale. */
    dropTagged() {
      noteDrop("*");
      for (const keys of [...tagged.values()]) for (const key of [...keys]) remove(key);
    },
    get size() {
      return pages.size;
    },
    /** What the kept pages take, as counted against the budget. */
    get calculatedSize() {
      return pages.calculatedSize;
    },
  };
}
