/**
 * The one grammar of prompt templates: {{topic}} is a variable, {{tone|friendly}} one with a
 * default, and \{{ writes a literal {{. The browser fills templates with it (shared/template.ts)
 * and the server writes it when converting other tools' variables on import, and reads it on
 * export, so the three can never disagree.
 */
const token = /\\\{\{|\{\{([^{}|\n]+?)(?:\|([^{}\n]*))?\}\}/g;

export type TemplatePiece = { text: string } | { name: string; defaultValue: string | undefined };

/** A template as literal text and variables, in order. */
export function templatePieces(template: string): TemplatePiece[] {
  const out: TemplatePiece[] = [];
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

/**
 * A variable as the grammar writes it. A name cannot hold braces, a bar or a line break, and a
 * default cannot hold braces or a line break: those become spaces (braces are dropped from a
 * default), so whatever another tool allowed still reads back as one variable.
 */
export function variableToken(name: string, defaultValue?: string) {
  const cleanName = name.replace(/[{}|\r\n]+/g, " ").trim() || "variable";
  const cleanDefault = defaultValue?.replace(/[{}]+/g, "").replace(/[\r\n]+/g, " ");
  return cleanDefault ? `{{${cleanName}|${cleanDefault}}}` : `{{${cleanName}}}`;
}

/** Text that must stay text: every {{ in it is escaped, so none reads as a variable. */
export function literalText(text: string) {
  return text.replaceAll("{{", "\\{{");
}
