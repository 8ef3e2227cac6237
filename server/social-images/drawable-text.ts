/**
 * Text as an image can draw it: without the characters no font of ours has (Chinese, Arabic,
 * emoji...), which satori would draw as "no glyph" boxes, and with its runs of spaces made one.
 * Empty when nothing drawable is left.
 */
export function drawableText(text: string, draws: (codePoint: number) => boolean) {
  let out = "";
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    out += /\s/.test(character) ? " " : draws(codePoint) ? character : " ";
  }
  return out.replace(/\s+/g, " ").trim();
}
