/** What a background render carries of the request that asked for it. */
const renderHeaders = ["cookie", "accept-encoding", "accept", "user-agent"];

/**
 * Renders the app does for itself, behind a person's request that was answered from memory: the
 * app asks itself for the same address with that person's cookie and content negotiation
 * headers, and keeps what it renders. At most `limit` at once: a render holds the event loop for
 * 15-20 ms, and everything else waits behind it (decision 0012).
 */
export function createBackgroundRenders(limit: number) {
  const own = new WeakSet<Request>();
  let render: ((request: Request) => Promise<Response>) | undefined;
  let running = 0;
  return {
    /** How to render: the app itself, given once it is built. */
    renderWith(renderer: (request: Request) => Promise<Response>) {
      render = renderer;
    },
    /** Whether this request is one of these renders (never to be answered from memory). */
    isOwn(request: Request) {
      return own.has(request);
    },
    /** Renders the address again, as asked with these headers, unless enough renders run. */
    start(url: string, header: (name: string) => string | undefined) {
      if (!render || running >= limit) return;
      const headers = new Headers();
      for (const name of renderHeaders) {
        const value = header(name);
        if (value !== undefined) headers.set(name, value);
      }
      const request = new Request(url, { headers });
      own.add(request);
      running++;
      render(request)
        .then((response) => response.arrayBuffer())
        .catch(() => {})
        .finally(() => {
          running--;
        });
    },
  };
}
