import type { SharedContent } from "../../shared/secret-scan.ts";
import type { ImportedPrompt, ImportFormat } from "./import-rules.ts";

/**
 * What an import would make public: each shared prompt's text and use case, and its earlier
 * versions, which anyone who sees a shared prompt can read in its history. Each is named as the
 * file's other refusals name it ("Prompt 3").
 */
export function importedSharedContent(
  fresh: ImportedPrompt[],
  format: ImportFormat,
): SharedContent[] {
  const unit = format.endsWith("CSV") ? "Line" : "Prompt";
  return fresh.flatMap((prompt) => {
    if (!prompt.shared) return [];
    const entry = `${unit} ${prompt.line}`;
    return [
      { promptText: prompt.promptText, useCase: prompt.useCase, entry },
      ...(prompt.history?.earlier ?? []).map((version) => ({
        promptText: version.promptText,
        useCase: version.useCase,
        entry: `${entry}, version ${version.number}`,
      })),
    ];
  });
}
