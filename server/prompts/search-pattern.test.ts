import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commonTrigrams } from "./common-trigrams.ts";
import { rareStretch, trigramLookup, trigramsOf, wordsOf } from "./search-pattern.ts";

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

  it("never holds a wildcard, a space, an upper-case letter or a letter cased outside ASCII", () => {
    expect(rareStretch("100% Zyxw_vut")).toBe("zyxw");
    expect(rareStretch("Zürichsee")).toBe("chsee");
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

describe("the trigram lookup of a search term", () => {
  /** Operator, pattern, and whether the rows found need no test of their own. */
  const lookupOf = (term: string) => {
    const { operator, pattern, exact } = trigramLookup(term);
    return [operator, pattern, exact];
  };

  it("asks for the rare stretch, and tests the whole term on the rows found", () => {
    expect(lookupOf("Ethereum")).toEqual(["ilike", "%reum%", false]);
  });

  it("asks for the term itself when it has no rarer part", () => {
    expect(lookupOf("qzxwvy")).toEqual(["ilike", "%qzxwvy%", true]);
    expect(lookupOf("50%_off")).toEqual(["ilike", "%50\\%\\_off%", true]);
    expect(lookupOf("日本語")).toEqual(["ilike", "%日本語%", false]);
  });

  it("spells each letter cased outside ASCII as a class of its cases", () => {
    expect(lookupOf("Ωμέγα (v2.0)")).toEqual(["~*", "[Ωω][μΜ][έΈ][γΓ][αΑ]\\ \\(v2\\.0\\)", false]);
  });
});
