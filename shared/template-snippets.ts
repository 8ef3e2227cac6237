/**
 * Snippets: `{{> Title}}` stands for another of the person's own prompts, found by its title
 * compared without regard to case (the most recently edited one when several share it). They
 * are expanded when a template is used, in the browser and by MCP alike, through a lookup the
 * caller passes in; a snippet may hold snippets, at most `snippetDepthLimit` deep.
 */
import { filledLengthLimit } from "./template.ts";
import { type TemplatePiece, templatePieces } from "./template-syntax.ts";

export interface Snippet {
  id: string;
  title: string;
  promptText: string;
}

/** Finds the person's own prompts with these titles (any case); a title with none is left out. */
export type SnippetLookup = (titles: string[]) => Promise<Snippet[]>;

export const snippetDepthLimit = 8;
/** How many snippets one use may expand in all, so a few prompts cannot multiply without end. */
const snippetExpansionLimit = 1_000;

export type SnippetProblem = "missing" | "loop" | "too_deep" | "too_large";

export class SnippetError extends Error {
  constructor(
    readonly problem: SnippetProblem,
    message: string,
  ) {
    super(message);
  }
}

export function titleKey(title: string) {
  return title.trim().toLowerCase();
}

/** The titles a template's snippets name, once each, as written first. */
export function snippetTitles(template: string | readonly TemplatePiece[]) {
  const pieces = typeof template === "string" ? templatePieces(template) : template;
  const titles = new Map<string, string>();
  for (const piece of pieces) {
    if ("snippet" in piece && !titles.has(titleKey(piece.snippet))) {
      titles.set(titleKey(piece.snippet), piece.snippet);
    }
  }
  return [...titles.values()];
}

/**
 * The template's pieces with every snippet replaced by its prompt's pieces. `self` is the prompt
 * being used, so one that includes itself is a loop. Refused with a SnippetError naming the
 * chain: a title no prompt has, a loop, nesting past the limit, or a result too large.
 */
export async function expandSnippets(
  template: string,
  options: { lookup: SnippetLookup; self?: { id: string; title: string } },
): Promise<TemplatePiece[]> {
  const pieces = templatePieces(template);
  const found = await resolveSnippets(pieces, options.lookup);
  const chain = options.self ? [options.self] : [];
  return expandPieces(pieces, found, chain);
}

/** Every snippet reachable from the pieces, looked up one level at a time. */
async function resolveSnippets(pieces: readonly TemplatePiece[], lookup: SnippetLookup) {
  const found = new Map<string, Snippet | null>();
  let level = snippetTitles(pieces);
  for (let depth = 0; level.length && depth <= snippetDepthLimit; depth++) {
    const wanted = level.filter((title) => !found.has(titleKey(title)));
    for (const title of wanted) found.set(titleKey(title), null);
    const answers = wanted.length ? await lookup(wanted) : [];
    for (const snippet of answers) {
      if (found.get(titleKey(snippet.title)) === null) found.set(titleKey(snippet.title), snippet);
    }
    level = answers.flatMap((snippet) => snippetTitles(snippet.promptText));
  }
  return found;
}

/**
 * Expands with what was found, refusing as soon as a limit is passed. A variable counts here as
 * its name; what it is filled with is counted by the fill (shared/template.ts), under the same limit.
 */
function expandPieces(
  pieces: readonly TemplatePiece[],
  found: ReadonlyMap<string, Snippet | null>,
  chain: readonly { id: string; title: string }[] = [],
): TemplatePiece[] {
  const out: TemplatePiece[] = [];
  const counts = { expansions: 0, length: 0 };
  const walk = (
    from: readonly TemplatePiece[],
    path: readonly { id: string; title: string }[],
    depth: number,
  ) => {
    for (const piece of from) {
      if (!("snippet" in piece)) {
        counts.length +=
          "text" in piece
            ? piece.text.length
            : "name" in piece
              ? piece.name.length + 4
              : "section" in piece
                ? piece.section.length + 9
                : 7;
        if (counts.length > filledLengthLimit) {
          throw new SnippetError(
            "too_large",
            `With its snippets this template would be over ${filledLengthLimit.toLocaleString("en-US")} characters.`,
          );
        }
        out.push(piece);
        continue;
      }
      const names = path.map((step) => step.title);
      if (depth >= snippetDepthLimit) {
        throw new SnippetError(
          "too_deep",
          `Snippets may nest at most ${snippetDepthLimit} deep: ${[...names, piece.snippet].join(" → ")}.`,
        );
      }
      const snippet = found.get(titleKey(piece.snippet));
      if (!snippet) {
        throw new SnippetError(
          "missing",
          `No prompt of yours is titled “${piece.snippet}”${names.length ? ` (used in ${names.join(" → ")})` : ""}.`,
        );
      }
      if (path.some((step) => step.id === snippet.id)) {
        throw new SnippetError(
          "loop",
          `These snippets include each other in a loop: ${[...names, snippet.title].join(" → ")}.`,
        );
      }
      counts.expansions += 1;
      if (counts.expansions > snippetExpansionLimit) {
        throw new SnippetError(
          "too_large",
          `A template may use at most ${snippetExpansionLimit.toLocaleString("en-US")} snippets in all.`,
        );
      }
      walk(templatePieces(snippet.promptText), [...path, snippet], depth + 1);
    }
  };
  walk(pieces, chain, 0);
  return out;
}
