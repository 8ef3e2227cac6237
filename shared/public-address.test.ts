import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  collectionPath,
  parseRef,
  promptPath,
  shortId,
  shortIdLength,
  slugOf,
  uuidRange,
} from "./public-address.ts";

describe("a short id", () => {
  it("is 11 base-62 characters whose range holds the uuid it came from, for any uuid", () => {
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        const short = shortId(uuid);
        expect(short).toMatch(/^[0-9A-Za-z]{11}$/);
        const range = uuidRange(short);
        expect(range).toBeDefined();
        expect(range && uuid >= range.from && uuid <= range.to).toBe(true);
      }),
    );
  });

  it("keeps the order of the uuids' first 64 bits at both ends of the range", () => {
    expect(shortId("00000000-0000-0000-8000-000000000000")).toBe("0".repeat(shortIdLength));
    expect(uuidRange(shortId("ffffffff-ffff-4fff-bfff-ffffffffffff"))?.from).toBe(
      "ffffffff-ffff-4fff-0000-000000000000",
    );
  });

  it("is refused when it is not 11 base-62 characters or stands for more than 64 bits", () => {
    for (const bad of ["", "abc", "0123456789ab", "0123456789-", "zzzzzzzzzzz", "0123456789é"]) {
      expect(uuidRange(bad), bad).toBeUndefined();
    }
  });
});

describe("a slug", () => {
  it("is the title's words in lower case joined by hyphens, accents on Latin letters dropped", () => {
    expect(slugOf("Write a Cover Letter — Fast & Friendly!")).toBe(
      "write-a-cover-letter-fast-friendly",
    );
    expect(slugOf("Résumé café naïve")).toBe("resume-cafe-naive");
  });

  it("keeps the letters of any script whole", () => {
    expect(slugOf("日本語のプロンプト")).toBe("日本語のプロンプト");
    expect(slugOf("Übersetzer für Verträge")).toBe("ubersetzer-fur-vertrage");
    expect(slugOf("مترجم النصوص")).toBe("مترجم-النصوص");
    expect(slugOf("Пишущий ассистент")).toBe("пишущий-ассистент");
  });

  it("is cut at a word boundary within 60 characters, and mid-word only for one long word", () => {
    const slug = slugOf("word ".repeat(30));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith("word")).toBe(true);
    expect(slugOf("x".repeat(80))).toBe("x".repeat(60));
  });

  it("is 'prompt' when the title has no letter or digit", () => {
    expect(slugOf("!!!")).toBe("prompt");
    expect(slugOf("")).toBe("prompt");
  });

  it("only ever holds lower-case letters, digits and single inner hyphens, for any title", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: "grapheme" }), (title) => {
        expect(slugOf(title)).toMatch(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u);
        expect(slugOf(title)).toBe(slugOf(title).toLowerCase());
      }),
    );
  });
});

describe("an address", () => {
  it("is parsed back into the short id and slug it was made from", () => {
    const id = randomUUID();
    const path = promptPath({ id, title: "Summarise a paper" });
    expect(path).toBe(`/p/${shortId(id)}-summarise-a-paper`);
    expect(parseRef(path.slice(3))).toEqual({ short: shortId(id), slug: "summarise-a-paper" });
    expect(collectionPath({ id, title: "My best" })).toBe(`/c/${shortId(id)}-my-best`);
  });

  it("is found without its slug, and refused when it cannot be a short id", () => {
    expect(parseRef("0000000000A")).toEqual({ short: "0000000000A", slug: undefined });
    expect(parseRef("0000000000A-Old-Title")).toEqual({ short: "0000000000A", slug: "Old-Title" });
    expect(parseRef("0000000000A/more")).toBeUndefined();
    expect(parseRef("short-slug")).toBeUndefined();
    expect(parseRef("../../etc")).toBeUndefined();
  });
});

describe("a short id, made fast", () => {
  it("is the base-62 form of the uuid's first 64 bits, as BigInt division makes it", () => {
    const byBigInt = (uuid: string) => {
      let value = BigInt(`0x${uuid.replaceAll("-", "").slice(0, 16)}`);
      let out = "";
      for (let i = 0; i < 11; i++) {
        out =
          "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"[Number(value % 62n)] +
          out;
        value /= 62n;
      }
      return out;
    };
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        expect(shortId(uuid)).toBe(byBigInt(uuid));
      }),
      {
        numRuns: 2000,
      },
    );
    const highest = "ffffffff-ffff-ffff-ffff-ffffffffffff";
    expect(shortId(highest)).toBe(byBigInt(highest));
  });
});
