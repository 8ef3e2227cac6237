import { LocalDate } from "~/components/prompt/local-date.tsx";
import type { VersionSummary } from "../../../shared/versions.ts";

/**
 * The prompt's versions, newest first: number, date, who wrote it and their note; a purged one
 * only by who purged it and when.
 */
export function VersionList(props: { versions: VersionSummary[] }) {
  return (
    <section aria-labelledby="versions-heading" className="mt-12">
      <h2 id="versions-heading" className="text-xl font-bold text-fg">
        Version history
      </h2>
      <ol className="mt-4 divide-y divide-line rounded-xl bg-surface ring-1 ring-line">
        {props.versions.map((version) =>
          version.purged ? (
            <li key={version.number} className="px-4 py-3 text-sm text-muted">
              <span className="font-semibold text-fg">Version {version.number}</span> purged by{" "}
              {version.purged.byName} on <LocalDate value={version.purged.at} />
            </li>
          ) : (
            <li key={version.number} className="px-4 py-3 text-sm">
              <p className="flex flex-wrap gap-x-2 text-fg">
                <span className="font-semibold">Version {version.number}</span>
                <span className="text-muted">
                  <LocalDate value={version.createdAt} />
                  {` · by ${version.authorName}`}
                </span>
              </p>
              {version.note || version.restoredFrom ? (
                <p className="mt-1 text-muted [overflow-wrap:anywhere]">
                  {version.restoredFrom ? `Restored version ${version.restoredFrom}. ` : ""}
                  {version.note ?? ""}
                </p>
              ) : null}
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
