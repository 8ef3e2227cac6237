import { LRUCache } from "lru-cache";

/**
 * Rendered images kept in memory, least recently used dropped first once their bytes pass
 * `maxBytes` (the social images' share of the memory budget, server/cache/memory-budget.ts). The
 * key names what the image draws (its id and imageVersion, image-fields.ts), so any change to
 * that is a new key and the old image simply ages out. Requests for an image being rendered wait
 * for that render rather than starting another.
 */
export function createKeptImages(options: { maxBytes: number }) {
  const kept = new LRUCache<string, Buffer>({
    maxSize: options.maxBytes,
    sizeCalculation: (image) => Math.max(1, image.length),
  });
  const rendering = new Map<string, Promise<Buffer>>();

  return {
    /** The image for the key: from memory, from a render under way, or rendered now. */
    image(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
      const found = kept.get(key);
      if (found) return Promise.resolve(found);
      const pending = rendering.get(key);
      if (pending) return pending;
      const work = render().finally(() => rendering.delete(key));
      work.then((image) => kept.set(key, image)).catch(() => {});
      rendering.set(key, work);
      return work;
    },
    /** How many bytes are kept now. */
    bytes: () => kept.calculatedSize,
    /** For the memory budget's figures. */
    get size() {
      return kept.size;
    },
    get calculatedSize() {
      return kept.calculatedSize;
    },
  };
}

export type KeptImages = ReturnType<typeof createKeptImages>;
