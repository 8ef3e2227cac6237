import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let draining = false;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, isDraining: () => draining });
});
afterAll(async () => {
  await database.close();
});

describe("health", () => {
  it("answers /healthz while the process is alive", async () => {
    const res = await app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz 200 when the database answers, 503 while shutting down", async () => {
    expect((await app.request("/readyz")).status).toBe(200);
    draining = true;
    try {
      const res = await app.request("/readyz");
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
    } finally {
      draining = false;
    }
  });
});

describe("pages", () => {
  it("renders / on the server with its meta tags", async () => {
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toMatch(/<title>PromptShelf[^<]*<\/title>/);
    expect(html).toContain('<meta name="description" content="');
    expect(html).toContain('<meta property="og:title" content="PromptShelf');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/"/>');
    expect(html).toContain("<h1");
  });

  it("answers unknown paths with a 404 page that is not indexed", async () => {
    const res = await app.request("/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });
});

describe("security headers", () => {
  it("allows each rendered page's scripts by this response's nonce, and no unsafe-inline scripts", async () => {
    const res = await app.request("/login");
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = executableScripts(await res.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const { tag } of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const again = await app.request("/login");
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("allows a page served from memory to run exactly its own inline scripts, by hash", async () => {
    await app.request("/terms");
    const res = await app.request("/terms");
    const csp = res.headers.get("content-security-policy") ?? "";
    const allowed = /script-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
    expect(allowed).not.toContain("'unsafe-inline'");
    expect(allowed.some((source) => source.startsWith("'nonce-"))).toBe(false);
    const scripts = executableScripts(await res.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const { body } of scripts) {
      expect(allowed).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
    }
    expect(allowed).toHaveLength(scripts.length + 1);
  });

  it("sends nosniff, a referrer policy and a request id", async () => {
    const res = await app.request("/healthz");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends HSTS when the public URL is https", async () => {
    const secure = await createTestApp({
      db: database.db,
      env: {
        PUBLIC_URL: "https://promptshelf.example",
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "secret",
      },
    });
    const res = await secure.request("/healthz");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });
});

describe("transport", () => {
  it("compresses pages with brotli or gzip as the client accepts", async () => {
    const br = await app.request("/", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gzip = await app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const plain = await app.request("/");
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("refuses a body over the limit with 413 before reading it", async () => {
    const res = await app.request("/", {
      method: "POST",
      headers: { "content-length": String(2_000_000), "content-type": "text/plain" },
      body: "x".repeat(2_000_000),
    });
    expect(res.status).toBe(413);
  });
});

/** Executable inline scripts (JSON-LD blocks are data, not scripts): their tags and bodies. */
function executableScripts(html: string) {
  return [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)]
    .map((match) => ({ tag: match[1] ?? "", body: match[2] ?? "" }))
    .filter(({ tag }) => !tag.includes('type="application/ld+json"'));
}
