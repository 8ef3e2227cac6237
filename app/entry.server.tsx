import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { appContext, viewerContext } from "./lib/app-context.ts";
import { NonceProvider } from "./lib/nonce.tsx";

export { appContext, viewerContext };

export const streamTimeout = 5_000;

/** A loader or action failed: the server decides what that means (a log line, or a 503). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A page that does not exist is an answer, not a failure.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context.get(appContext).reportError(error);
};

/**
 * Waits for the whole document before sending it: pages carry their content and meta tags
 * in the first byte, for search engines and for visitors whose scripts have not run yet. Since
 * the whole of it is waited for anyway, it is gathered into one buffer and sent as one body
 * (compressed in one call), not streamed through a chain of streams chunk by chunk.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(appContext).cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeout);
              const html = Buffer.concat(chunks);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set("Content-Length", String(html.length));
              resolve(new Response(new Uint8Array(html), { headers: responseHeaders, status }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error) {
          status = 500;
          loadContext.get(appContext).log.error({ err: error }, "render failed");
        },
      },
    );
  });
}
