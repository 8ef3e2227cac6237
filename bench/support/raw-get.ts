import { get, type IncomingHttpHeaders } from "node:http";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent on the wire: still compressed, unlike what fetch returns. */
  body: Buffer;
}

/** Like a browser: asks for brotli. */
export const browserHeaders = { "accept-encoding": "br" };

/** A GET that keeps the response body exactly as the server sent it. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { ...browserHeaders, ...headers } }, (response) => {
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
    request.once("error", reject);
  });
}
