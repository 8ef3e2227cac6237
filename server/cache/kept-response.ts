import { createHash } from "node:crypto";
import { hashPolicy } from "../http/security-headers.ts";

/** Made afresh for every response, so never kept with an answer. */
const perResponse = new Set([
  "content-security-policy",
  "content-length",
  "content-encoding",
  "x-request-id",
  "set-cookie",
]);

/** An answer kept in memory, with every header it is sent with except its request id. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Keeps a rendered answer with the body it will be sent with (compressed as `encoding` says).
 * Its headers are worked out once here: a policy that allows only the answer's own inline
 * scripts, by hash, since an answer sent again has no fresh nonce.
 */
export function keepAnswer(
  response: Response,
  sent: { body: Buffer; encoding: "br" | "gzip" | null; scriptHashes: string[] },
): KeptAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (!perResponse.has(name)) headers[name] = value;
  }
  headers["content-security-policy"] = hashPolicy(
    sent.scriptHashes,
    response.headers.get("content-security-policy"),
  );
  headers["content-length"] = String(sent.body.length);
  if (sent.encoding) headers["content-encoding"] = sent.encoding;
  const vary = headers.vary;
  if (!vary?.includes("Accept-Encoding")) {
    headers.vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  }
  return { status: response.status, headers, body: sent.body };
}

/**
 * What a kept answer takes in memory, near enough to count it against the budget: its body, its
 * headers' text, and the objects holding them.
 */
export function keptAnswerBytes(answer: KeptAnswer) {
  let headers = 0;
  for (const name in answer.headers) headers += name.length + (answer.headers[name]?.length ?? 0);
  return answer.body.length + headers * 2 + 256;
}

/**
 * Said of an answer sent from memory, not rendered for its request (RFC 9211's Cache-Status), so
 * a browser's network panel and the bench can tell the two apart. A render says nothing.
 */
export const fromMemory = { "cache-status": "PromptShelf; hit" } as const;

/**
 * A kept answer, sent again through the app: its body as it is (no copy). `hit`: sent from
 * memory, not just rendered for this request.
 */
export function replay(answer: KeptAnswer, options: { head?: boolean; hit?: boolean } = {}) {
  const { buffer, byteOffset, length } = answer.body;
  const body = options.head ? null : new Uint8Array(buffer as ArrayBuffer, byteOffset, length);
  return new Response(body, {
    status: answer.status,
    headers: options.hit ? { ...answer.headers, ...fromMemory } : answer.headers,
  });
}

/**
 * Hashes of the inline scripts the render itself wrote, known by the render's nonce (JSON-LD is
 * data, not script). Anything else that looks like a script, say one hidden in a prompt that
 * escaping somehow missed, stays blocked.
 */
export function inlineScriptHashes(html: string, nonce: string) {
  const hashes: string[] = [];
  if (!nonce) return hashes;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = "", content = ""] = match;
    if (/\bsrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
    if (!attributes.includes(` nonce="${nonce}"`)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(content).digest("base64")}'`);
  }
  return hashes;
}
