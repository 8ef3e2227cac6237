import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzipSync,
} from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import type { AppEnv } from "./app-env.ts";

const compressibleType =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json)|image\/svg)/;
const minimumBytes = 1024;
/**
 * Brotli's effort, by how often the body is sent. On a 79 KB list page, quality 2 takes about
 * 1 ms and gives 13.3 KB, quality 4 about 2 ms and 12.4 KB (decision 0012): an answer sent once
 * takes the cheap one; an answer kept in memory and sent again and again, the smaller one.
 */
const brotliQuality = {
  once: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } },
  kept: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
};

/**
 * Compresses dynamic responses with brotli or gzip; static files arrive precompressed. API
 * answers (bounded by pagination) and pages (rendered whole before they are sent) are compressed
 * in one call, which costs far less than a zlib stream per response; downloads stream.
 */
export function compression(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.get("renderingForCache")) return;
    const res = c.res;
    if (!res.body || c.req.method === "HEAD" || res.headers.has("Content-Encoding")) return;
    const type = res.headers.get("Content-Type") ?? "";
    if (!compressibleType.test(type)) return;
    const length = res.headers.get("Content-Length");
    if (length !== null && Number(length) < minimumBytes) return;
    const encoding = preferredEncoding(c.req.header("Accept-Encoding") ?? "");
    if (!encoding) return;

    const whole = type.startsWith("application/json") || type.startsWith("text/html");
    if (whole && !res.headers.has("Content-Disposition")) {
      const raw = Buffer.from(await res.arrayBuffer());
      const headers = new Headers(res.headers);
      if (raw.length >= minimumBytes) {
        const packed = compressBody(raw, encoding, "once");
        headers.set("Content-Encoding", encoding);
        headers.append("Vary", "Accept-Encoding");
        headers.set("Content-Length", String(packed.length));
        c.res = undefined;
        c.res = new Response(new Uint8Array(packed), { status: res.status, headers });
      } else {
        c.res = undefined;
        c.res = new Response(new Uint8Array(raw), { status: res.status, headers });
      }
      return;
    }

    const compressor =
      encoding === "br" ? createBrotliCompress(brotliQuality.once) : createGzip({ level: 6 });
    const source = Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>);
    source.on("error", (error) => compressor.destroy(error));
    const body = Readable.toWeb(source.pipe(compressor)) as ReadableStream<Uint8Array>;
    c.res = new Response(body, res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", encoding);
    c.res.headers.append("Vary", "Accept-Encoding");
  };
}

/** One in-memory body, compressed in one call: to be sent once, or kept and sent again. */
export function compressBody(raw: Buffer, encoding: "br" | "gzip", sent: "once" | "kept") {
  return encoding === "br"
    ? brotliCompressSync(raw, brotliQuality[sent])
    : gzipSync(raw, { level: 6 });
}

/** The codings answers are sent in, the smaller first: it wins a tie. */
const codings = ["br", "gzip"] as const;

/**
 * The coding to send an answer in, by the client's Accept-Encoding (RFC 9110, 12.5.3): each
 * coding's weight is its own q, else that of "*", else 0; q=0 means "not acceptable". The highest
 * weight above 0 wins, unless the client weighs "identity" (no coding) higher. When nothing is
 * acceptable, not even identity, the answer goes without a coding, as the RFC advises over a 406.
 * No header, or an empty one: no coding.
 */
export function preferredEncoding(acceptEncoding: string): (typeof codings)[number] | null {
  if (!acceptEncoding) return null;
  const accepted = parseAccept(acceptEncoding);
  const weightOf = (coding: string) =>
    accepted.find(({ type }) => type.toLowerCase() === coding)?.q;
  const anyOther = weightOf("*") ?? 0;
  let best: (typeof codings)[number] | null = null;
  let bestWeight = 0;
  for (const coding of codings) {
    const weight = weightOf(coding) ?? anyOther;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  const identity = weightOf("identity");
  return identity !== undefined && identity > bestWeight ? null : best;
}
