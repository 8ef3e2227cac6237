import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./kept-response.ts";

describe("the script hashes of a page kept in memory", () => {
  it("cover only the scripts the render wrote with its nonce", () => {
    const html = [
      '<script nonce="n0nce">window.app = 1;</script>',
      "<script>alert(1)</script>",
      '<script nonce="guess">alert(2)</script>',
      '<script type="application/ld+json" nonce="n0nce">{}</script>',
      '<script type="module" nonce="n0nce" src="/assets/entry.js"></script>',
    ].join("");
    const hashOf = (body: string) =>
      `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
    expect(inlineScriptHashes(html, "n0nce")).toEqual([hashOf("window.app = 1;")]);
    expect(inlineScriptHashes(html, "")).toEqual([]);
  });
});
