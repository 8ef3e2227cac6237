import { templateStretches } from "~/lib/prompt-lines.ts";

/**
 * A prompt's whole text exactly as written, the way every card and Copy have it: Markdown is
 * not rendered, neither in part (bold headings beside their "#") nor in full, so what is read
 * is what is copied. Line breaks and indents stay, template variables are marked, and long
 * unbroken words wrap rather than widen the page. Built from plain text, never parsed as HTML.
 */
export function PromptText(props: { text: string }) {
  return (
    <p className="leading-relaxed [overflow-wrap:anywhere] whitespace-pre-wrap text-fg">
      {templateStretches(props.text).map((stretch, at) =>
        stretch.template ? (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: stretches of a text that does not change
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
  );
}
