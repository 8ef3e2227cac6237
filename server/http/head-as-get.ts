/** The GET requests made of HEAD requests, for the request log. */
const madeOfHead = new WeakSet<Request>();

type Fetch<Env> = (request: Request, env: Env) => Response | Promise<Response>;

/**
 * A HEAD asks for the headers a GET would get. The app is handed that GET, so every layer renders,
 * keeps and stores a whole page (a HEAD's own render has no body, and kept, it blanked the page
 * for everyone), and the HEAD gets exactly the GET's headers. The GET's body is cancelled unread
 * (a live stream would otherwise run on) and the HEAD is answered without one.
 */
export function headAsGet<Env>(fetch: Fetch<Env>): Fetch<Env> {
  return (request, env) => {
    if (request.method !== "HEAD") return fetch(request, env);
    const get = new Request(request.url, { headers: request.headers, signal: request.signal });
    madeOfHead.add(get);
    return Promise.resolve(fetch(get, env)).then((answer) => {
      void answer.body?.cancel().catch(() => {});
      const { status, statusText, headers } = answer;
      return new Response(null, { status, statusText, headers });
    });
  };
}

/** The method the client asked with: HEAD for the GET made of a HEAD. */
export function askedMethod(request: Request) {
  return madeOfHead.has(request) ? "HEAD" : request.method;
}
