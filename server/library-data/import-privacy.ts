import type { SharedContent } from "../../shared/secret-scan.ts";
import type { ImportedCollection } from "./import-collections.ts";
import type { ImportedPrompt, ImportFormat } from "./import-rules.ts";

/**
 * What an import would make public: each shared prompt's text, use case and note, and its
 * earlier versions, which anyone who sees a shared prompt can read in its history; and each
 * public collection's title, description and item notes. Each is named as the file's other
 * refusals name it ("Prompt 3", "Collection 2").
 */
export function importedSharedContent(
  fresh: ImportedPrompt[],
  format: ImportFormat,
  collections: ImportedCollection[] = [],
): SharedContent[] {
  const unit = format.endsWith("CSV") ? "Line" : "Prompt";
  const prompts = fresh.flatMap((prompt) => {
    if (!prompt.shared) return [];
    const entry = `${unit} ${prompt.line}`;
    return [
      {
        promptText: prompt.promptText,
        useCase: prompt.useCase,
        note: prompt.history?.note,
        entry,
      },
      ...(prompt.history?.earlier ?? []).map((version) => ({
        promptText: version.promptText,
        useCase: version.useCase,
        note: version.note,
        entry: `${entry}, version ${version.number}`,
      })),
    ];
  });
  const published = collections.flatMap((collection, index) => {
    if (!collection.isPublic) return [];
    const entry = `Collection ${index + 1}`;
    return [
      { title: collection.title, description: collection.description, entry },
      ...collection.items.map((item, at) => ({
        note: item.note,
        entry: `${entry}, item ${at + 1}`,
      })),
    ];
  });
  return [...prompts, ...published];
}
