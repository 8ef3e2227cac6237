/**
 * The values last typed into a template's form, kept on this device (localStorage) by prompt
 * id, so the form opens filled as it was left. Storage that is full, off or refused is ignored:
 * the form then simply opens empty.
 */
const keyOf = (promptId: string) => `promptshelf:template-values:${promptId}`;

export function rememberedValues(promptId: string): Record<string, string> {
  try {
    const parsed = JSON.parse(localStorage.getItem(keyOf(promptId)) ?? "{}") as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
  } catch {
    return {};
  }
}

export function rememberValues(promptId: string, values: Record<string, string>) {
  const kept = Object.entries(values).filter(([, value]) => value !== "");
  try {
    if (kept.length)
      localStorage.setItem(keyOf(promptId), JSON.stringify(Object.fromEntries(kept)));
    else localStorage.removeItem(keyOf(promptId));
  } catch {
    // Storage full or refused: the values are simply not kept.
  }
}
