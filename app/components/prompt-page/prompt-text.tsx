import { type LineKind, lineStretches, promptLines } from "~/lib/prompt-lines.ts";

const lineClasses: Record<LineKind, string> = {
  heading: "mt-4 font-semibold text-fg first:mt-0",
  item: "pl-6 -indent-4",
  quote: "border-l-4 border-line-strong pl-3 text-fg-soft",
  code: "bg-subtle px-3 font-mono text-sm",
  fence: "bg-subtle px-3 font-mono text-sm text-faint",
  blank: "h-4",
  text: "",
};

/**
 * A prompt's whole text with its structure visible: each line as written (Markdown markers
 * included, so what is read is what is copied), headings bold, list items hanging, quotes and
 * code set apart, and template variables marked. Long unbroken words wrap rather than widen the
 * page. Built from plain text, never parsed as HTML.
 */
export function PromptText(props: { text: string }) {
  // A line is keyed by its place: the text never changes under the page.
  return (
    <div className="leading-relaxed [overflow-wrap:anywhere] whitespace-pre-wrap text-fg">
      {promptLines(props.text).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of a text that does not change
        <p key={index} className={lineClasses[line.kind]}>
          {lineStretches(line.text).map((stretch, at) =>
            stretch.template ? (
              <mark
                // biome-ignore lint/suspicious/noArrayIndexKey: stretches of a line that does not change
                key={at}
                className="rounded bg-accent-soft px-0.5 font-mono text-[0.9em] text-accent-text"
              >
                {stretch.text}
              </mark>
            ) : (
              stretch.text
            ),
          )}
        </p>
      ))}
    </div>
  );
}
