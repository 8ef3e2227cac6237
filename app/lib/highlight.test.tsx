import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { highlight, marked } from "./highlight.tsx";

/** The text a reader sees: the markup with its tags removed and entities decoded. */
function visibleText(text: string, term: string) {
  const html = renderToStaticMarkup(<p>{highlight(text, term)}</p>);
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

describe("highlight", () => {
  it("marks every case-insensitive match", () => {
    const html = renderToStaticMarkup(<p>{highlight("Claude writes; claude reads", "CLAUDE")}</p>);
    expect(
      html.match(/<mark[^>]*>([^<]*)<\/mark>/g)?.map((m) => m.replace(/<[^>]+>/g, "")),
    ).toEqual(["Claude", "claude"]);
  });

  it("never turns user text into markup", () => {
    const html = renderToStaticMarkup(<p>{highlight("<img src=x onerror=alert(1)>", "img")}</p>);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;");
  });

  it("renders the same text for any text and any term", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.string({ maxLength: 10 }),
        (text, term) => {
          expect(visibleText(text, term)).toBe(text);
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 80 }),
        fc.string({ unit: "binary", maxLength: 4 }),
        (text, term) => {
          const pieces = highlight(text, term);
          const joined = pieces
            .map((piece) =>
              typeof piece === "string"
                ? piece
                : (piece as { props: { children: string } }).props.children,
            )
            .join("");
          expect(joined).toBe(text);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("marked", () => {
  const marks = (text: string, ranges: [number, number][]) =>
    renderToStaticMarkup(<p>{marked(text, ranges)}</p>)
      .match(/<mark[^>]*>([^<]*)<\/mark>/g)
      ?.map((m) => m.replace(/<[^>]+>/g, "")) ?? [];

  it("marks exactly the stretches given, whatever the text holds", () => {
    expect(marks("Claude writes; claude reads", [[15, 21]])).toEqual(["claude"]);
    expect(marks("Claude writes", [])).toEqual([]);
  });

  it("skips stretches out of order, overlapping or past the end", () => {
    expect(
      marks("abcdefgh", [
        [2, 4],
        [3, 5],
        [1, 2],
        [6, 6],
        [6, 20],
        [6, 8],
      ]),
    ).toEqual(["cd", "gh"]);
  });

  it("joins back to the text for any stretches", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 80 }),
        fc.array(fc.tuple(fc.nat(90), fc.nat(90)), { maxLength: 6 }),
        (text, ranges) => {
          const joined = marked(text, ranges)
            .map((piece) =>
              typeof piece === "string"
                ? piece
                : (piece as { props: { children: string } }).props.children,
            )
            .join("");
          expect(joined).toBe(text);
        },
      ),
      { numRuns: 500 },
    );
  });
});
