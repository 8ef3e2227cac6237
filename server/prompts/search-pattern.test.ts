import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commonTrigrams } from "./common-trigrams.ts";
import { rareStretch, trigramsOf, wordsOf } from "./search-pattern.ts";

describe("the rare stretch of a search term", () => {
  it("is the longest part of a word with no common trigram", () => {
    expect(commonTrigrams.has("the")).toBe(true);
    expect(rareStretch("Ethereum")).toBe("reum");
    expect(rareStretch("explain Kubernetes pods")).toBe("kube");
  });

  it("is not needed for a term that is rare already, common throughout, or too short", () => {
    expect(rareStretch("qzxwvy")).toBeNull();
    expect(rareStretch("the")).toBeNull();
    expect(rareStretch("writing")).toBeNull();
    expect(rareStretch("qz")).toBeNull();
  });

  it("never holds a wildcard, a space or an upper-case letter", () => {
    expect(rareStretch("100% Zyxw_vut")).toBe("zyxw");
  });

  it("is found in every text that holds the term", () => {
    const letters = fc.constantFrom(..."abcdeghilmnoqrstuvwxyz EOQ%_-é".split(""));
    fc.assert(
      fc.property(
        fc.string({ unit: letters, maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        (term, around) => {
          const stretch = rareStretch(term);
          if (stretch === null) return;
          const text = `${around}${term}${around}`.toLowerCase();
          expect(text).toContain(stretch);
          for (const trigram of trigramsOf(stretch))
            expect(commonTrigrams.has(trigram)).toBe(false);
        },
      ),
    );
  });
});

describe("words and trigrams", () => {
  it("split text the way the trigram index does", () => {
    expect(wordsOf("Write a blog-post, 2 ways!")).toEqual([
      "write",
      "a",
      "blog",
      "post",
      "2",
      "ways",
    ]);
    expect(trigramsOf("reum")).toEqual(["reu", "eum"]);
    expect(trigramsOf("ab")).toEqual([]);
  });
});
