import { z } from "zod";
import { displayName } from "../../shared/session-user.ts";
import {
  FilledTooLong,
  filledText,
  fillTemplate,
  placeholderFor,
  requiredMissing,
  type TemplateVariable,
  templateValueMaxLength,
  templateVariables,
  valueProblem,
} from "../../shared/template.ts";
import { expandSnippets, SnippetError } from "../../shared/template-snippets.ts";
import type { TemplatePiece } from "../../shared/template-syntax.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { findSnippets } from "../prompts/find-snippets.ts";
import { storableText } from "../validation.ts";

/** Values for a template's variables by name, as render_template and prompts/get take them. */
export const templateValues = z.record(
  z.string().max(200),
  storableText().max(templateValueMaxLength),
);

/**
 * A template as MCP uses it: its snippets expanded from the person's own prompts, and the
 * built-in values a server can know. {{today}} is the date in UTC (a server has no local day)
 * and {{me}} the person's name; {{clipboard}} cannot be read, so it is asked for like any
 * variable (required unless it has a default).
 */
export async function expandedTemplate(options: {
  db: Database;
  viewer: Viewer;
  /** A prompt, or only a text (a run of typed-in text): then it cannot include itself. */
  prompt: { id?: string; title?: string; promptText: string };
}) {
  const { db, viewer, prompt } = options;
  try {
    const pieces = await expandSnippets(prompt.promptText, {
      lookup: (titles) => findSnippets({ db, viewer, titles }),
      ...(prompt.id === undefined ? {} : { self: { id: prompt.id, title: prompt.title ?? "" } }),
    });
    return { pieces, variables: templateVariables(pieces) };
  } catch (error) {
    if (error instanceof SnippetError) throw new AppError("invalid_input", error.message);
    throw error;
  }
}

/** The values the server fills by itself; a value the client gives wins. */
export function builtInValues(viewer: Viewer, now = new Date()): Record<string, string> {
  return { today: now.toISOString().slice(0, 10), me: displayName(viewer) };
}

/** Whether a variable must be given: it has no default, and is no built-in the server fills. */
export function isRequired(variable: TemplateVariable) {
  return !variable.defaultValue && !(variable.builtIn && variable.name !== "clipboard");
}

/**
 * The template filled. Refused, naming them: a required variable left out (one only a hidden
 * section holds is not needed), a value for no variable of the template, a value its type refuses
 * (a number that is none, a choice not offered, yes or no, a date, several of the options); and
 * refused as soon as the text built passes the limit.
 */
export function fillForMcp(
  expanded: { pieces: TemplatePiece[]; variables: TemplateVariable[] },
  values: Readonly<Record<string, string>>,
  viewer: Viewer,
) {
  const given = (name: string) => (Object.hasOwn(values, name) ? values[name] : "") || "";
  const filled = Object.fromEntries([
    ...Object.entries(builtInValues(viewer)),
    ...Object.entries(values).filter(([, value]) => value),
  ]);
  const pieces = fillOrRefuse(expanded.pieces, filled);
  const shown = new Set(pieces.flatMap((piece) => ("missing" in piece ? [piece.missing] : [])));
  const missing = expanded.variables
    .filter((variable) => isRequired(variable) && !given(variable.name) && shown.has(variable.name))
    .map((variable) => variable.name);
  if (missing.length) {
    throw new AppError(
      "invalid_input",
      `Missing ${missing.length === 1 ? "a value for" : "values for"}: ${missing.join(", ")}`,
    );
  }
  const known = new Set(expanded.variables.map((variable) => variable.name));
  const unknown = Object.keys(values).filter((name) => !known.has(name));
  if (unknown.length) {
    throw new AppError("invalid_input", `No such variable in this prompt: ${unknown.join(", ")}`);
  }
  assertValuesFit(expanded.variables, given);
  return filledText(pieces, () => "");
}

/** Refuses a value its variable's type does not take (shared/template.ts says which). */
function assertValuesFit(variables: readonly TemplateVariable[], given: (name: string) => string) {
  for (const variable of variables) {
    const problem = valueProblem(variable, given(variable.name));
    if (problem) throw new AppError("invalid_input", problem);
  }
}

function fillOrRefuse(pieces: readonly TemplatePiece[], values: Readonly<Record<string, string>>) {
  try {
    return fillTemplate(pieces, values);
  } catch (error) {
    if (error instanceof FilledTooLong) throw new AppError("invalid_input", error.message);
    throw error;
  }
}

/**
 * A template filled for a run or a test case (server/workbench/): its snippets expanded, the
 * built-in values the server knows, the values given (those for no variable of this version
 * are ignored: a test case outlives a renamed variable), and each variable left without a value
 * or default sent as its placeholder, [topic], as the form copies it. A required one (marked
 * `!`) left so, where a section shows it, refuses the run, naming it.
 */
export async function fillForRun(options: {
  db: Database;
  viewer: Viewer;
  template: { id?: string; title?: string; promptText: string };
  values: Readonly<Record<string, string>>;
}) {
  const expanded = await expandedTemplate({
    db: options.db,
    viewer: options.viewer,
    prompt: options.template,
  });
  const { values } = options;
  const given = (name: string) => (Object.hasOwn(values, name) ? values[name] : "") || "";
  assertValuesFit(expanded.variables, given);
  const filled = Object.fromEntries([
    ...Object.entries(builtInValues(options.viewer)),
    ...Object.entries(values).filter(([, value]) => value),
  ]);
  const pieces = fillOrRefuse(expanded.pieces, filled);
  const missing = requiredMissing(pieces, expanded.variables);
  if (missing.length) {
    throw new AppError(
      "invalid_input",
      `This template needs ${missing.length === 1 ? "a value for" : "values for"}: ${missing.join(", ")}`,
      "template_value_missing",
    );
  }
  return filledText(pieces, placeholderFor);
}
