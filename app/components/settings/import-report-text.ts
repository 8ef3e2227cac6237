import type { ImportReport } from "../../../server/library-data/import-plan.ts";

export type Report = Omit<ImportReport, "dryRun">;

/** A figure as the rest of the app writes one: 1,511. */
export const figure = (n: number) => n.toLocaleString("en-US");

/**
 * What was left out and why: repeats within the file apart from what the library holds, and a
 * zip of skills' other files.
 */
export function skippedText(report: Report) {
  const parts = [
    report.repeatedInFile ? `${figure(report.repeatedInFile)} repeated in the file` : null,
    report.alreadyInLibrary ? `${figure(report.alreadyInLibrary)} already in your library` : null,
    report.collectionsInLibrary
      ? `${count(report.collectionsInLibrary, "collection")} whose title you already have`
      : null,
    report.collectionItemsSkipped
      ? `${count(report.collectionItemsSkipped, "collection item")} whose prompt is not shared here`
      : null,
    report.skillFilesLeftOut
      ? `${count(report.skillFilesLeftOut, "file")} beside the skills (scripts, references, assets)`
      : null,
  ].filter(Boolean);
  return parts.length ? `Skipped: ${parts.join(", ")}.` : undefined;
}

const count = (n: number, thing: string) => `${figure(n)} ${thing}${n === 1 ? "" : "s"}`;

/** Whether importing the file would add anything: prompts, or collections of a JSON export. */
export const addsAnything = (report: Report) => report.added > 0 || report.newCollections > 0;

/** What the import adds, as its button and its notice say it. */
export function addedText(report: Report) {
  const prompts = `${figure(report.added)} prompts`;
  return report.newCollections > 0
    ? `${prompts} and ${count(report.newCollections, "collection")}`
    : prompts;
}

/** Why there is nothing to import, said next to the button that cannot be pressed. */
export function nothingToAddText(report: Report) {
  if (report.repeatedInFile === 0) {
    return "Nothing to add: every prompt in this file is already in your library.";
  }
  if (report.alreadyInLibrary === 0) {
    return "Nothing to add: the file holds only repeats of the same prompts.";
  }
  return "Nothing to add: every prompt in this file is already in your library or repeated in it.";
}
