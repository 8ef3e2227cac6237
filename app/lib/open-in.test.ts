import { describe, expect, it } from "vitest";
import { type Assistant, assistants, encodeText, maxUrlLength, openInLink } from "./open-in.ts";

function assistant(id: string): Assistant {
  const found = assistants.find((each) => each.id === id);
  if (!found) throw new Error(`no assistant ${id}`);
  return found;
}

describe("encodeText", () => {
  it("encodes the characters that would end or change a query: & # + = ? and %", () => {
    expect(encodeText("a&b#c+d=e?f%g")).toBe("a%26b%23c%2Bd%3De%3Ff%25g");
  });

  it("writes spaces as %20 and keeps newlines and tabs as %0A, %0D and %09", () => {
    expect(encodeText("one two\nthree\r\nfour\tfive")).toBe("one%20two%0Athree%0D%0Afour%09five");
  });

  it("encodes accents, other scripts and emoji as UTF-8", () => {
    expect(encodeText("café")).toBe("caf%C3%A9");
    expect(encodeText("日本")).toBe("%E6%97%A5%E6%9C%AC");
    expect(encodeText("🙂")).toBe("%F0%9F%99%82");
    expect(encodeText("👩🏽‍💻")).toBe("%F0%9F%91%A9%F0%9F%8F%BD%E2%80%8D%F0%9F%92%BB");
  });

  it("turns half an emoji into U+FFFD instead of failing", () => {
    expect(encodeText("cut \uD83D")).toBe("cut%20%EF%BF%BD");
  });

  it("decodes back to the text, whatever it holds", () => {
    const text = "## Task\n- Use {{topic|AI}} & #tags + 100% 🙂\n\t“quoted” ünïcödé";
    expect(decodeURIComponent(encodeText(text))).toBe(text);
  });
});

describe("assistants", () => {
  it("each put the text in its own parameter on its own site", () => {
    const text = "Explain Q&A #1 + 🙂";
    const encoded = "Explain%20Q%26A%20%231%20%2B%20%F0%9F%99%82";
    expect(assistants.map((each) => [each.name, each.buildUrl(text)])).toEqual([
      ["ChatGPT", `https://chatgpt.com/?q=${encoded}`],
      ["Claude", `https://claude.ai/new?q=${encoded}`],
      ["Perplexity", `https://www.perplexity.ai/search?q=${encoded}`],
      ["Grok", `https://grok.com/?q=${encoded}`],
      ["Copilot", `https://copilot.microsoft.com/?q=${encoded}`],
    ]);
  });

  it("give the text back whole to a URL parser, the way the assistant reads it", () => {
    const text = "Line 1 & more\nLine #2 + 🙂 = ?";
    for (const each of assistants) {
      expect(new URL(each.buildUrl(text)).searchParams.get("q")).toBe(text);
    }
  });

  it("have distinct ids, https home pages and the one limit", () => {
    expect(new Set(assistants.map((each) => each.id)).size).toBe(assistants.length);
    for (const each of assistants) {
      expect(new URL(each.home).protocol).toBe("https:");
      expect(each.maxUrlLength).toBe(maxUrlLength);
    }
  });
});

describe("openInLink", () => {
  const claude = assistant("claude");
  const prefix = claude.buildUrl("").length;

  it("carries a text whose link is exactly at the limit", () => {
    const text = "a".repeat(maxUrlLength - prefix);
    const link = openInLink(claude, text);
    expect(link).toEqual({ href: claude.buildUrl(text), carried: true });
    expect(link.href).toHaveLength(maxUrlLength);
  });

  it("opens the home page, without the text, one character past the limit", () => {
    const text = "a".repeat(maxUrlLength - prefix + 1);
    expect(openInLink(claude, text)).toEqual({ href: claude.home, carried: false });
  });

  it("counts the encoded length, not the characters: an emoji is twelve", () => {
    const room = maxUrlLength - prefix;
    const fits = "🙂".repeat(Math.floor(room / 12));
    expect(openInLink(claude, fits).carried).toBe(true);
    expect(openInLink(claude, `${fits}🙂`).carried).toBe(false);
    // The same number of plain letters would have fitted many times over.
    expect(openInLink(claude, "a".repeat(Array.from(`${fits}🙂`).length)).carried).toBe(true);
  });

  it("gives each assistant's home page for a long prompt", () => {
    const long = "word ".repeat(3000);
    for (const each of assistants) {
      expect(openInLink(each, long)).toEqual({ href: each.home, carried: false });
    }
  });
});
