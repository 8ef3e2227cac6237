import { privacyFindingsText } from "../../shared/messages.ts";
import { type SharedContent, scanShared } from "../../shared/secret-scan.ts";
import { AppError } from "../errors.ts";

/**
 * The one rule for everything that makes text public (sharing a prompt, editing a shared one,
 * importing shared prompts): secrets and personal data in it stop the write with 422
 * privacy_findings, listing each, unless the person confirmed they mean to share them. The
 * browser runs the same scan first (app/components/privacy), so this stops only clients that
 * did not, or that were told and confirmed.
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
