import { useEffect, useMemo, useState } from "react";
import { localDay } from "~/lib/dates.ts";
import { lookUpSnippets } from "~/lib/snippet-lookup.ts";
import { rememberedValues, rememberValues } from "~/lib/template-memory.ts";
import type { WholePrompt } from "../../../shared/prompt.ts";
import {
  type FilledPiece,
  FilledTooLong,
  fillTemplate,
  requiredMissing,
  templateVariables,
} from "../../../shared/template.ts";
import { expandSnippets, SnippetError, snippetTitles } from "../../../shared/template-snippets.ts";
import { type TemplatePiece, templatePieces } from "../../../shared/template-syntax.ts";

type Expansion =
  | { state: "loading" }
  | { state: "ready"; pieces: TemplatePiece[] }
  | { state: "failed"; message: string };

/** Whether the browser let {{clipboard}} be read when the form opened. */
export type ClipboardState = "unused" | "reading" | "read" | "refused";

/**
 * A template being filled in: its snippets expanded from the person's own prompts, its
 * variables, the values typed (remembered on this device), and the built-in values: {{today}}
 * the local date, {{me}} the person's name, {{clipboard}} read from the browser as the form
 * opens. A value typed for a built-in wins over it.
 */
export function useTemplateForm(options: {
  /** A prompt (or, in the workbench, a text being tried: any id its values are kept under). */
  whole: Pick<WholePrompt, "id" | "title" | "promptText"> | null;
  open: boolean;
  me: string;
}) {
  const { whole, open } = options;
  const [expansion, setExpansion] = useState<Expansion>({ state: "loading" });
  const [values, setValues] = useState<Record<string, string>>({});
  const [clipboard, setClipboard] = useState<{ state: ClipboardState; text: string }>({
    state: "unused",
    text: "",
  });

  useEffect(() => {
    if (!open || !whole) return;
    let current = true;
    setValues(rememberedValues(whole.id));
    if (!snippetTitles(whole.promptText).length) {
      setExpansion({ state: "ready", pieces: templatePieces(whole.promptText) });
      return;
    }
    setExpansion({ state: "loading" });
    expandSnippets(whole.promptText, { lookup: lookUpSnippets, self: whole }).then(
      (pieces) => current && setExpansion({ state: "ready", pieces }),
      (error: unknown) =>
        current &&
        setExpansion({
          state: "failed",
          message:
            error instanceof SnippetError
              ? error.message
              : "Its snippets could not be loaded. Please try again.",
        }),
    );
    return () => {
      current = false;
    };
  }, [open, whole]);

  const pieces = expansion.state === "ready" ? expansion.pieces : null;
  const variables = useMemo(() => (pieces ? templateVariables(pieces) : []), [pieces]);
  const usesClipboard = variables.some(
    (variable) => variable.builtIn && variable.name === "clipboard",
  );

  useEffect(() => {
    if (!open || !usesClipboard) return;
    let current = true;
    setClipboard({ state: "reading", text: "" });
    const read = navigator.clipboard?.readText?.bind(navigator.clipboard);
    (read ? read() : Promise.reject(new Error("no clipboard"))).then(
      (text) => current && setClipboard({ state: "read", text }),
      () => current && setClipboard({ state: "refused", text: "" }),
    );
    return () => {
      current = false;
    };
  }, [open, usesClipboard]);

  const builtIns: Record<string, string> = {
    today: localDay(),
    me: options.me,
    clipboard: clipboard.text,
  };
  /** What fills a variable left empty: its built-in value, else its default. */
  const fallbackOf = (name: string, defaultValue: string) =>
    (variables.find((variable) => variable.name === name)?.builtIn ? builtIns[name] : "") ||
    defaultValue;
  const fill = pieces
    ? fillOrRefuse(
        pieces,
        Object.fromEntries(
          variables.map((variable) => [
            variable.name,
            typedValue(values, variable.name) || fallbackOf(variable.name, variable.defaultValue),
          ]),
        ),
      )
    : null;

  function setValue(name: string, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (whole) rememberValues(whole.id, next);
  }

  function clear() {
    setValues({});
    if (whole) rememberValues(whole.id, {});
  }

  return {
    expansion,
    variables,
    values,
    setValue,
    clear,
    /** The filled template; null while it loads, or when filled it would be too long. */
    filled: fill?.filled ?? null,
    /** Why the template cannot be filled as it stands: it would pass the length limit. */
    tooLong: fill?.tooLong ?? null,
    /** Required variables still without a value, among those its sections show now. */
    requiredLeft: fill?.filled ? requiredMissing(fill.filled, variables) : [],
    fallbackOf,
    clipboard,
  };
}

/** The template filled, or the reason it would be too long: the fill stops as soon as it passes. */
function fillOrRefuse(
  pieces: readonly TemplatePiece[],
  values: Readonly<Record<string, string>>,
): { filled: FilledPiece[] | null; tooLong: string | null } {
  try {
    return { filled: fillTemplate(pieces, values), tooLong: null };
  } catch (error) {
    if (error instanceof FilledTooLong) return { filled: null, tooLong: error.message };
    throw error;
  }
}

/** A value typed, read only from the object's own keys (a variable may be named "constructor"). */
export function typedValue(values: Readonly<Record<string, string>>, name: string) {
  return (Object.hasOwn(values, name) ? values[name] : undefined) ?? "";
}
