import { lookup as systemLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { addressRefusal, type PrivateAddresses } from "./address-policy.ts";

/** Resolves a host name to its addresses, as the system resolver does (tests may pass another). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface FetchGuard {
  /** The connection's base URL: its origin is the only one ever called. */
  baseUrl: string;
  privateAddresses: PrivateAddresses;
  /** Most bytes one answer may take; past it the answer fails with AnswerTooLarge. */
  responseLimit: number;
  /** The connection has no key: no credential header leaves, whatever the SDK adds. */
  keyless: boolean;
  resolve?: Resolve;
}

/** The server refused to call an address: the model service would be inside the network. */
export class AddressRefused extends Error {}

/** A model service's answer passed RUN_RESPONSE_LIMIT. */
export class AnswerTooLarge extends Error {}

const redirectLimit = 3;
const redirects = new Set([301, 302, 303, 307, 308]);

const resolveWithSystem: Resolve = (hostname) => systemLookup(hostname, { all: true });

/**
 * The fetch the model SDKs are given, so every request they make is checked the same way: to
 * the base URL's origin only; each host name resolved here, every address it gives checked
 * against the policy, and the connection pinned to a checked one (a DNS answer that changes
 * between the check and the connection cannot move it); redirects followed by hand, at most 3,
 * each one checked as the first was; the answer cut off at the size limit.
 */
export function guardedFetch(guard: FetchGuard): typeof fetch {
  const origin = new URL(guard.baseUrl).origin;
  const resolve = guard.resolve ?? resolveWithSystem;
  return async (input, init) => {
    const request = new Request(input, init);
    let url = new URL(request.url);
    let method = request.method;
    let body: Uint8Array | undefined =
      method === "GET" || method === "HEAD"
        ? undefined
        : new Uint8Array(await request.arrayBuffer());
    const headers = new Headers(request.headers);
    if (guard.keyless) {
      headers.delete("authorization");
      headers.delete("x-api-key");
    }
    for (let hop = 0; ; hop++) {
      if (url.origin !== origin) {
        throw new AddressRefused(
          `The model service sent PromptShelf to another address (${url.origin}); it only calls ${origin}.`,
        );
      }
      const address = await checkedAddress(url.hostname, guard.privateAddresses, resolve);
      const answer = await send(url, { method, headers, body, signal: request.signal }, address);
      const location = answer.headers.location;
      if (!redirects.has(answer.statusCode ?? 0) || !location) {
        return toResponse(answer, guard.responseLimit, request.signal);
      }
      answer.destroy();
      if (hop >= redirectLimit) {
        throw new AddressRefused(`The model service redirected more than ${redirectLimit} times.`);
      }
      url = new URL(location, url);
      if (answer.statusCode === 303 || (answer.statusCode !== 307 && answer.statusCode !== 308)) {
        if (method !== "GET" && method !== "HEAD") method = "GET";
        body = undefined;
        headers.delete("content-type");
        headers.delete("content-length");
      }
    }
  };
}

/** The address to connect to for a host: itself when it is one, else its first DNS answer, if every answer may be called. */
async function checkedAddress(hostname: string, policy: PrivateAddresses, resolve: Resolve) {
  const bare = hostname.replace(/^\[|\]$/g, "");
  const answers = isIP(bare)
    ? [{ address: bare, family: isIP(bare) }]
    : await resolve(bare).catch(() => {
        throw new AddressRefused(`The model service's host name ${bare} could not be resolved.`);
      });
  // Every answer is checked, not only the one used: a name that also points inside is refused.
  for (const answer of answers) {
    const refusal = addressRefusal(answer.address, policy);
    if (refusal) {
      throw new AddressRefused(
        `PromptShelf does not call ${refusal}${bare === answer.address ? "" : `, which ${bare} resolves to`}. A self-hoster can allow it with CONNECTIONS_PRIVATE_ADDRESSES.`,
      );
    }
  }
  const [first] = answers;
  if (!first) throw new AddressRefused(`The model service's host name ${bare} has no address.`);
  return first;
}

function send(
  url: URL,
  options: { method: string; headers: Headers; body: Uint8Array | undefined; signal: AbortSignal },
  address: { address: string; family: number },
) {
  // The socket connects to the address checked above, whatever the resolver would say now.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.request(url, {
      method: options.method,
      headers: Object.fromEntries(options.headers),
      lookup: pinned,
      // A new connection each time: a kept one could have been opened under another answer.
      agent: false,
      signal: options.signal,
    });
    request.once("response", resolve);
    request.once("error", reject);
    request.end(options.body);
  });
}

/** The Node answer as a fetch Response whose body errors with AnswerTooLarge past the limit. */
function toResponse(answer: IncomingMessage, limit: number, signal: AbortSignal) {
  const status = answer.statusCode ?? 502;
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      headers.append(name, one);
    }
  }
  const tooLarge = () =>
    new AnswerTooLarge(
      `The model service's answer passed ${limit.toLocaleString("en-US")} bytes, the most PromptShelf reads (RUN_RESPONSE_LIMIT).`,
    );
  const declared = Number(answer.headers["content-length"] ?? Number.NaN);
  if (declared > limit) {
    answer.destroy();
    throw tooLarge();
  }
  if (status === 204 || status === 304 || status < 200) {
    answer.resume();
    return new Response(null, { status, headers });
  }
  let read = 0;
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      read += chunk.byteLength;
      if (read > limit) controller.error(tooLarge());
      else controller.enqueue(chunk);
    },
  });
  const stream = Readable.toWeb(answer) as ReadableStream<Uint8Array>;
  const stop = () => answer.destroy(signal.reason);
  signal.addEventListener("abort", stop, { once: true });
  answer.once("close", () => signal.removeEventListener("abort", stop));
  return new Response(stream.pipeThrough(counted), { status, headers });
}
