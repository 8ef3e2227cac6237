/**
 * Prompt templates: {{topic}} is a variable, {{tone|friendly}} one with a default, and \{{ writes
 * a literal {{ (the grammar is shared/template-syntax.ts). Any prompt can be a template; the
 * syntax is detected, never declared.
 */
import { templatePieces } from "./template-syntax.ts";

export interface TemplateVariable {
  name: string;
  defaultValue: string;
}

/** The variables in order of first appearance; a default comes from the first that gives one. */
export function templateVariables(template: string): TemplateVariable[] {
  const found = new Map<string, TemplateVariable>();
  for (const piece of templatePieces(template)) {
    if (!("name" in piece)) continue;
    const known = found.get(piece.name);
    if (!known) found.set(piece.name, { name: piece.name, defaultValue: piece.defaultValue ?? "" });
    else if (!known.defaultValue && piece.defaultValue) known.defaultValue = piece.defaultValue;
  }
  return [...found.values()];
}

/** The prompt with every variable filled: the value given, else its default, else nothing. */
export function renderTemplate(template: string, values: Record<string, string>) {
  const defaults = new Map(templateVariables(template).map((v) => [v.name, v.defaultValue]));
  return templatePieces(template)
    .map((piece) =>
      "text" in piece
        ? piece.text
        : (Object.hasOwn(values, piece.name) ? values[piece.name] : "") ||
          defaults.get(piece.name) ||
          "",
    )
    .join("");
}
