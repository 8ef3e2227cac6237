import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import { type SharedContent, type SharedFinding, scanShared } from "../../../shared/secret-scan.ts";
import type { LeftBehind } from "../../../shared/versions.ts";

/**
 * What an edit takes out: each finding of the privacy check in the current version's fields
 * whose text is in none of the edited fields any more.
 */
export function takenOut(before: SharedContent, after: SharedContent): SharedFinding[] {
  const now = Object.values(after)
    .filter((text): text is string => typeof text === "string")
    .join("\n");
  return scanShared(before).filter(
    (finding) => !now.includes((before[finding.field] ?? "").slice(finding.start, finding.end)),
  );
}

/**
 * Once an edit that took `removed` out is saved, purges the prompt's earlier versions that still
 * hold any of it (the server finds them; a finding is known again by its rule and masked
 * excerpt), one at a time, and says so in a notice.
 */
export async function purgeLeftBehind(id: string, removed: SharedFinding[]) {
  const wanted = new Set(removed.map(sameAs));
  const purged: number[] = [];
  try {
    const { versions } = await api<LeftBehind>("GET", `/api/v1/prompts/${id}/versions/left-behind`);
    for (const version of versions) {
      if (!version.findings.some((finding) => wanted.has(sameAs(finding)))) continue;
      await api("DELETE", `/api/v1/prompts/${id}/versions/${version.number}`);
      purged.push(version.number);
    }
  } catch (error) {
    showNotice(callFailureNotice(error, "purge-version"));
    return;
  }
  if (purged.length > 0) showNotice(messages.versionsPurged(purged));
}

const sameAs = (finding: SharedFinding) => `${finding.rule} ${finding.excerpt}`;
