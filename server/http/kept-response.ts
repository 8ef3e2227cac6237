import { createHash } from "node:crypto";
import { hashPolicy } from "./security-headers.ts";

/** Made afresh for every response, so never kept with an answer. */
const perResponse = new Set([
  "content-security-policy",
  "content-length",
  "content-encoding",
  "x-request-id",
  "set-cookie",
]);

/** The headers worth keeping with an answer served again from memory. */
export function keptHeaders(response: Response): [string, string][] {
  return [...response.headers].filter(([name]) => !perResponse.has(name));
}

/**
 * An answer kept in memory, sent again: its body as it is (no copy), and for a page, a policy
 * that allows its own inline scripts by hash, since it has no fresh nonce.
 */
export function replay(answer: {
  status: number;
  headers: [string, string][];
  body: Buffer;
  encoding: "br" | "gzip" | null;
  scriptHashes: string[] | null;
  head?: boolean;
}) {
  const headers = new Headers(answer.headers);
  if (answer.scriptHashes) headers.set("Content-Security-Policy", hashPolicy(answer.scriptHashes));
  headers.set("Content-Length", String(answer.body.length));
  if (answer.encoding) headers.set("Content-Encoding", answer.encoding);
  if (!headers.get("vary")?.includes("Accept-Encoding")) headers.append("Vary", "Accept-Encoding");
  const { buffer, byteOffset, length } = answer.body;
  return new Response(
    answer.head ? null : new Uint8Array(buffer as ArrayBuffer, byteOffset, length),
    {
      status: answer.status,
      headers,
    },
  );
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
