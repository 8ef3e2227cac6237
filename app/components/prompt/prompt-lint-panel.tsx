import { type RefObject, useEffect, useState } from "react";
import { lookUpSnippets } from "~/lib/snippet-lookup.ts";
import { approximateTokens, type LintFinding, lintPrompt } from "../../../shared/prompt-lint.ts";
import { snippetTitles, titleKey } from "../../../shared/template-snippets.ts";

/** Its id, for the prompt field's aria-describedby. */
export const promptLintId = "prompt-lint";

/** How long typing must pause before the text is checked again. */
const pauseMs = 300;

/**
 * Under the prompt field: the template's problems as the linter finds them
 * (shared/prompt-lint.ts), each with a button that selects the text it is about, and about how
 * many tokens the prompt is. Checked once typing pauses, and announced politely. Whether a
 * snippet's prompt exists is asked of the API only when the text has snippets, for their titles
 * alone, among the person's own prompts.
 */
export function PromptLintPanel(props: {
  text: string;
  title: string;
  field: RefObject<HTMLTextAreaElement | null>;
}) {
  const text = usePaused(props.text);
  const titles = snippetTitles(text);
  const knownTitles = useKnownTitles(titles);
  const findings = lintPrompt(text, {
    knownTitles: titles.length ? (knownTitles ?? undefined) : undefined,
    ownTitle: props.title,
  });
  const tokens = approximateTokens(text);

  function select(finding: LintFinding) {
    const field = props.field.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(finding.from, finding.to);
  }

  return (
    <div className="mt-1">
      <p className="text-right text-xs text-faint">
        ≈ {tokens.toLocaleString("en-US")} {tokens === 1 ? "token" : "tokens"}
      </p>
      <div id={promptLintId} aria-live="polite">
        {findings.length ? (
          <ul aria-label="Template problems" className="mt-1 space-y-1">
            {findings.map((finding) => (
              <li
                key={`${finding.rule}:${finding.from}`}
                className="flex items-start gap-2 rounded-lg bg-warning-soft px-3 py-1.5 text-sm text-warning-text"
              >
                <button
                  type="button"
                  onClick={() => select(finding)}
                  className="shrink-0 font-medium underline underline-offset-2"
                >
                  Line {lineOf(text, finding.from)}
                </button>
                <span className="min-w-0 break-words">{finding.message}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function lineOf(text: string, offset: number) {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) {
    line += 1;
  }
  return line;
}

/** The value once it has stayed the same for a moment. */
function usePaused(value: string) {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value), pauseMs);
    return () => clearTimeout(timer);
  }, [value]);
  return paused;
}

/** Which of these titles the person's own prompts have (lower case); null until known. */
function useKnownTitles(titles: string[]) {
  const key = titles.map(titleKey).sort().join("\n");
  const [known, setKnown] = useState<{ key: string; titles: Set<string> } | null>(null);
  useEffect(() => {
    if (!key) return;
    let current = true;
    lookUpSnippets(key.split("\n")).then(
      (found) =>
        current &&
        setKnown({ key, titles: new Set(found.map((snippet) => titleKey(snippet.title))) }),
      () => current && setKnown(null),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return known?.key === key ? known.titles : null;
}
