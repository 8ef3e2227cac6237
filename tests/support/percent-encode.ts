/** Percent-encodes any string, lone surrogates included (as the bytes a careless client sends). */
export function percentEncode(text: string) {
  let out = "";
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
