/**
 * Prompt templates: {{topic}} is a variable, {{tone|friendly}} one with a default, and \{{ writes
 * a literal {{. Any prompt can be a template; the syntax is detected, never declared.
 */
const token = /\\\{\{|\{\{([^{}|\n]+?)(?:\|([^{}\n]*))?\}\}/g;

export interface TemplateVariable {
  name: string;
  defaultValue: string;
}

type Piece = { text: string } | { name: string; defaultValue: string | undefined };

function pieces(template: string): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const match of template.matchAll(token)) {
    if (match.index > last) out.push({ text: template.slice(last, match.index) });
    const name = match[1]?.trim();
    if (match[0] === "\\{{") out.push({ text: "{{" });
    else if (name) out.push({ name, defaultValue: match[2] });
    else out.push({ text: match[0] });
    last = match.index + match[0].length;
  }
  if (last < template.length) out.push({ text: template.slice(last) });
  return out;
}

/** The variables in order of first appearance; a default comes from the first that gives one. */
export function templateVariables(template: string): TemplateVariable[] {
  const found = new Map<string, TemplateVariable>();
  for (const piece of pieces(template)) {
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
  return pieces(template)
    .map((piece) =>
      "text" in piece ? piece.text : values[piece.name] || defaults.get(piece.name) || "",
    )
    .join("");
}
