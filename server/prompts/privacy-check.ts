import { privacyFindingsText } from "../../shared/messages.ts";
import { type SharedContent, scanShared } from "../../shared/secret-scan.ts";
import { AppError } from "../errors.ts";

/**
 * The one rule for everything that makes text public: secrets and personal data in it stop the
 * write with 422 privacy_findings, listing each, unless the person confirmed they mean to
 * publish them. The browser runs the same scan first (app/components/privacy), so this stops
 * only clients that did not, or that were told and confirmed. Every write that makes a public
 * field (shared/secret-scan.ts's publicFields) public passes here:
 * - a shared prompt's text, use case and an edit's note: createPrompt, updatePrompt, and imports
 *   (server/library-data/import-privacy.ts, every version's text, use case and note);
 * - a public collection's title, description and item notes: createCollection, updateCollection
 *   (all of it when a private collection is made public), addItem, updateItem, and imports;
 * - a public profile's display name and handle: updateProfileSettings.
 * server/prompts/public-fields.test.ts lists every text column public pages show and proves each
 * is checked on every way it can be written.
 */
export function assertShareable(contents: SharedContent[], confirm: boolean | undefined) {
  if (confirm) return;
  const findings = contents.flatMap(scanShared);
  if (findings.length === 0) return;
  throw new AppError(
    "needs_confirmation",
    privacyFindingsText(findings),
    "privacy_findings",
    // An import of thousands of shared prompts names its first ones; the message counts them all.
    findings.slice(0, listedFindings),
  );
}

const listedFindings = 100;
