import { type IncomingHttpHeaders, request } from "node:http";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent on the wire: still compressed, unlike what fetch returns. */
  body: Buffer;
}

/** Like a browser: asks for brotli. */
export const browserHeaders = { "accept-encoding": "br" };

/** A request (GET unless told) that keeps the response body exactly as the server sent it. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const headers = { ...browserHeaders, ...options.headers };
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: options.method ?? "GET", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("error", reject);
      response.once("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    sent.once("error", reject);
    sent.end(options.body);
  });
}
