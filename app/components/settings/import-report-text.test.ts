import { describe, expect, it } from "vitest";
import { addedText, figure, type Report, skippedText } from "./import-report-text.ts";

/** The report of importing seed/prompts.csv a second time. */
const again: Report = {
  format: "prompts.chat CSV",
  inFile: 1529,
  added: 0,
  repeatedInFile: 18,
  alreadyInLibrary: 1511,
  duplicates: 1529,
  newFolders: 0,
  skillFilesLeftOut: 0,
  sample: [],
  newCollections: 0,
  collectionsInLibrary: 0,
  collectionItemsSkipped: 0,
};

describe("an import's figures", () => {
  it("are written with thousands separators, as every other figure is", () => {
    expect(figure(1511)).toBe("1,511");
    expect(skippedText(again)).toBe(
      "Skipped: 18 repeated in the file, 1,511 already in your library.",
    );
    expect(
      skippedText({ ...again, repeatedInFile: 0, alreadyInLibrary: 0, skillFilesLeftOut: 2 }),
    ).toBe("Skipped: 2 files beside the skills (scripts, references, assets).");
    expect(addedText({ ...again, added: 1511, newCollections: 1200 })).toBe(
      "1,511 prompts and 1,200 collections",
    );
  });
});
