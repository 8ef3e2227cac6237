/**
 * Rendered images kept in memory, least recently used dropped first once their bytes pass the
 * limit. The key names what the image draws (its id and imageVersion, image-fields.ts), so any
 * change to that is a new key and the old image simply ages out. Requests for an image being rendered wait for
 * that render rather than starting another.
 */
export function createKeptImages(options: { maxBytes: number }) {
  const kept = new Map<string, Buffer>();
  const rendering = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  function keep(key: string, image: Buffer) {
    if (image.length > options.maxBytes) return;
    kept.set(key, image);
    bytes += image.length;
    for (const [oldest, old] of kept) {
      if (bytes <= options.maxBytes) break;
      kept.delete(oldest);
      bytes -= old.length;
    }
  }

  return {
    /** The image for the key: from memory, from a render under way, or rendered now. */
    image(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
      const found = kept.get(key);
      if (found) {
        kept.delete(key);
        kept.set(key, found);
        return Promise.resolve(found);
      }
      const pending = rendering.get(key);
      if (pending) return pending;
      const work = render().finally(() => rendering.delete(key));
      work.then((image) => keep(key, image)).catch(() => {});
      rendering.set(key, work);
      return work;
    },
    /** How many bytes are kept now. */
    bytes: () => bytes,
  };
}
