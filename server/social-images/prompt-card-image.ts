/**
 * A shared prompt's social image (1200×630) as satori's element tree: the PromptShelf brand as
 * on the site's own images (scripts/render-social-images.ts), what kind of prompt it is, its
 * title (two lines at most), the opening of its text (three lines) and its creator. Text is cut
 * before it is laid out too, so a 200,000-character prompt costs no more than a short one.
 */
export interface PromptCardFields {
  kicker: string;
  title: string;
  excerpt: string;
  creator: string;
}

interface Element {
  type: string;
  props: { style?: Record<string, unknown>; children?: (Element | string)[] | string } & Record<
    string,
    unknown
  >;
}

const h = (
  type: string,
  style: Record<string, unknown>,
  children: Element["props"]["children"],
  props: Record<string, unknown> = {},
): Element => ({ type, props: { ...props, style, children } });

const clamp = (lines: number) => ({
  display: "block",
  lineClamp: lines,
  overflow: "hidden",
  wordBreak: "break-word",
});

export function promptCardImage(fields: PromptCardFields, fontFamily: string): Element {
  const logo = h(
    "svg",
    {},
    [
      h("rect", {}, [], { width: 32, height: 32, rx: 7, fill: "#4f46e5" }),
      h("path", {}, [], {
        d: "M9 8h9a5 5 0 0 1 0 10h-5v6H9zm4 4v2h5a1 1 0 0 0 0-2z",
        fill: "#fff",
      }),
    ],
    { viewBox: "0 0 32 32", width: 64, height: 64 },
  );
  return h(
    "div",
    {
      width: 1200,
      height: 630,
      boxSizing: "border-box",
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: 72,
      backgroundImage: "linear-gradient(135deg, #eef2ff 0%, #ffffff 55%, #e0e7ff 100%)",
      color: "#0f172a",
      fontFamily,
    },
    [
      h("div", { display: "flex", alignItems: "center", gap: 20, fontSize: 40, fontWeight: 700 }, [
        logo,
        "PromptShelf",
      ]),
      h("div", { display: "flex", flexDirection: "column", width: 1056 }, [
        h(
          "div",
          {
            ...clamp(1),
            fontSize: 26,
            fontWeight: 700,
            color: "#4338ca",
            textTransform: "uppercase",
            letterSpacing: 2,
          },
          fields.kicker,
        ),
        h(
          "div",
          { ...clamp(2), marginTop: 12, fontSize: 64, fontWeight: 700, lineHeight: 1.1 },
          fields.title,
        ),
        h(
          "div",
          { ...clamp(3), marginTop: 24, fontSize: 28, lineHeight: 1.4, color: "#334155" },
          fields.excerpt,
        ),
      ]),
      h(
        "div",
        {
          display: "flex",
          width: 1056,
          fontSize: 28,
          color: "#475569",
          overflow: "hidden",
          whiteSpace: "nowrap",
          textOverflow: "ellipsis",
        },
        `by ${fields.creator}`,
      ),
    ],
  );
}
