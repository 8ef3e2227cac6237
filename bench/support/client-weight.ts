import { rawRequest } from "../../tests/support/raw-request.ts";

export interface ClientWeight {
  path: string;
  /** The page's own HTML as rendered, before compression. */
  htmlBytes: number;
  /** Compressed (brotli) bytes of the scripts and stylesheets the page loads at start. */
  js: number;
  css: number;
  files: { url: string; bytes: number; encoding: string }[];
}

const assetPatterns = [
  /<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*>/g,
  /<script\b[^>]*\bsrc="[^"]+"[^>]*>/g,
];
/** Static imports inside inline module scripts (React Router's hydration entry). */
const inlineImport = /\bimport\s*(?:[^"';]*?\bfrom\s*)?\(?\s*"(\/[^"]+\.js)"/g;

/**
 * The page's HTML (uncompressed) and its start-up JS and CSS, each fetched as a browser would
 * ask for it (brotli).
 */
export async function clientWeight(
  baseUrl: string,
  path: string,
  cookie?: string,
): Promise<ClientWeight> {
  const page = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
  if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
  const html = await page.text();
  const weight: ClientWeight = {
    path,
    htmlBytes: Buffer.byteLength(html),
    js: 0,
    css: 0,
    files: [],
  };
  for (const href of assetUrls(html)) {
    const asset = await rawRequest(new URL(href, baseUrl).href);
    if (asset.status !== 200) throw new Error(`GET ${href} answered ${asset.status}`);
    const bytes = asset.body.length;
    if (href.split("?")[0]?.endsWith(".css")) weight.css += bytes;
    else weight.js += bytes;
    weight.files.push({ url: href, bytes, encoding: asset.headers["content-encoding"] ?? "none" });
  }
  return weight;
}

export function assetUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const pattern of assetPatterns) {
    for (const [tag] of html.matchAll(pattern)) {
      const url = /\b(?:href|src)="([^"]+)"/.exec(tag)?.[1];
      if (url) urls.add(decodeEntities(url));
    }
  }
  for (const [, url] of html.matchAll(inlineImport)) if (url) urls.add(url);
  return [...urls];
}

function decodeEntities(url: string) {
  return url.replaceAll("&amp;", "&");
}
