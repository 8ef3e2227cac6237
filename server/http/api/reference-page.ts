import { anchorOf } from "./reference-markdown.ts";

/**
 * Markdown as written in descriptions: no raw HTML passes through, headings get their anchors.
 * markdown-it is loaded for the page's one render (10 MB a server need not hold until then).
 */
async function markdownRenderer() {
  const { default: MarkdownIt } = await import("markdown-it");
  const markdown = new MarkdownIt({ html: false, linkify: false });
  markdown.core.ruler.push("heading_anchors", (state) => {
    state.tokens.forEach((token, index) => {
      const text = state.tokens[index + 1]?.content;
      if (token.type === "heading_open" && text) token.attrSet("id", anchorOf(text));
    });
    return true;
  });
  return markdown;
}

const style = `
:root { color-scheme: light dark; --text: #1c1917; --muted: #57534e; --line: #e7e5e4; --code: #f5f5f4; --accent: #0f766e; }
@media (prefers-color-scheme: dark) { :root { --text: #f5f5f4; --muted: #a8a29e; --line: #44403c; --code: #292524; --accent: #5eead4; } }
body { margin: 0 auto; max-width: 62rem; padding: 1.5rem; font: 16px/1.55 system-ui, sans-serif; color: var(--text); }
h1, h2 { border-bottom: 1px solid var(--line); padding-bottom: .3rem; }
h2 { margin-top: 2.5rem; }
h3 { margin-top: 2rem; font-family: ui-monospace, monospace; font-size: 1.05rem; }
a { color: var(--accent); }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9em; background: var(--code); border-radius: 4px; }
code { padding: .1em .3em; }
pre { padding: .75rem 1rem; overflow-x: auto; }
pre code { padding: 0; background: none; }
table { border-collapse: collapse; display: block; overflow-x: auto; margin: 1rem 0; }
th, td { border: 1px solid var(--line); padding: .35rem .6rem; text-align: left; vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
`;

/**
 * The reference as a page of its own: rendered here, from the same Markdown as docs/api.md, with
 * its styles inline and no script, so it reads the same without JavaScript or a network.
 */
export async function referencePage(reference: string) {
  const markdown = await markdownRenderer();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>PromptShelf API reference</title>
<style>${style}</style>
</head>
<body>
<main>
${markdown.render(reference)}
</main>
</body>
</html>
`;
}
