import { useEffect, useId, useRef, useState } from "react";
import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { LocalDate } from "~/components/prompt/local-date.tsx";
import { Button } from "~/components/ui/button.tsx";
import { DialogLoadFailed, DialogLoading } from "~/components/ui/dialog-status.tsx";
import { useVersionTests, VersionTestsLine } from "~/components/workbench/version-tests.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import type { History, VersionSummary } from "../../../shared/versions.ts";
import { PurgeVersionDialog } from "./purge-version-dialog.tsx";
import { useVersionTexts } from "./use-version-texts.ts";
import { versionChanges } from "./version-changes.ts";
import { VersionDiff } from "./version-diff.tsx";
import { VersionLabels } from "./version-labels.tsx";

/**
 * A prompt's history: any two versions compared side by side (the one before the current and
 * the current to begin with), and every version listed newest first with who wrote it, when,
 * its note, and (for those who may edit) Restore, which makes it the newest version again, and
 * Purge, which deletes an earlier version's text, use case and note for good (after asking). A
 * purged version is listed by who purged it and when, and cannot be compared. Shown keyed by the
 * prompt's version, so a restore (or any edit) starts it again on the new history.
 */
export default function HistoryPanel(props: {
  prompt: Prompt;
  canRestore: boolean;
  /** How each version did on its test cases, where the person may read them. */
  showsTests: boolean;
  onChanged: (prompt: Prompt) => void;
}) {
  const { prompt } = props;
  const [history, setHistory] = useState<History | null>(null);
  const [failed, setFailed] = useState(false);
  const [pair, setPair] = useState<[number, number] | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [purging, setPurging] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let current = true;
    api<History>("GET", `/api/v1/prompts/${prompt.id}/versions`)
      .then((loaded) => {
        if (!current) return;
        setHistory(loaded);
        setPair(defaultPair(loaded));
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [prompt.id]);

  const texts = useVersionTexts(prompt.id, pair ?? []);
  /** The history again, after a label moved: the versions' labels as they now stand. */
  const reload = async () =>
    setHistory(await api<History>("GET", `/api/v1/prompts/${prompt.id}/versions`));
  const tests = useVersionTests(prompt.id, props.showsTests);

  async function purge(number: number) {
    try {
      await api("DELETE", `/api/v1/prompts/${prompt.id}/versions/${number}`);
      const loaded = await api<History>("GET", `/api/v1/prompts/${prompt.id}/versions`);
      texts.forget(number);
      setHistory(loaded);
      if (pair?.includes(number)) setPair(defaultPair(loaded));
      showNotice(messages.versionsPurged([number]));
      return true;
    } catch (error) {
      showNotice(callFailureNotice(error, "purge-version"));
      return false;
    }
  }

  async function restore(version: VersionSummary) {
    setRestoring(version.number);
    try {
      const restored = await api<Prompt>(
        "POST",
        `/api/v1/prompts/${prompt.id}/versions/${version.number}/restore`,
      );
      showNotice(messages.versionRestored(version.number, restored.version));
      props.onChanged(restored);
    } catch (error) {
      showNotice(callFailureNotice(error, "restore-version"));
    } finally {
      setRestoring(null);
    }
  }

  if (failed || texts.failed) {
    return <DialogLoadFailed what="The history" />;
  }
  if (!history || !pair) return <DialogLoading />;
  const [older, newer] = pair;
  const olderVersion = texts.get(older);
  const newerVersion = texts.get(newer);
  // A change of topic or use case alone is said as what it is, not shown as two equal texts.
  const changes = olderVersion && newerVersion ? versionChanges(olderVersion, newerVersion) : [];
  const allLabels = history.versions.flatMap((version) => version.labels ?? []);
  return (
    <>
      <ComparePicker history={history} pair={pair} onChange={setPair} />
      {olderVersion && newerVersion ? (
        <>
          {changes.map((change) => (
            <p key={change} className="mt-3 text-sm text-fg-soft">
              {change}.
            </p>
          ))}
          {olderVersion.promptText === newerVersion.promptText && changes.length > 0 ? (
            <p className="mt-3 text-sm text-muted">The text did not change.</p>
          ) : (
            <VersionDiff
              older={{ label: versionLabel(history, older), text: olderVersion.promptText }}
              newer={{ label: versionLabel(history, newer), text: newerVersion.promptText }}
            />
          )}
        </>
      ) : (
        <DialogLoading />
      )}
      <h3 className="mt-6 text-sm font-semibold text-fg">
        {history.versions.length.toLocaleString("en-US")} versions
      </h3>
      {history.oldestKept > 1 ? (
        <p className="mt-1 text-xs text-muted">
          Versions 1 to {history.oldestKept - 1} were merged away: a history keeps its newest
          versions.
        </p>
      ) : null}
      <ol ref={list} className="mt-2 divide-y divide-line rounded-lg ring-1 ring-line">
        {history.versions.map((version) =>
          version.purged ? (
            <li key={version.number} data-version={version.number} className="p-3 text-sm">
              <p className="text-muted">
                <span className="font-medium text-fg">Version {version.number}</span> purged by{" "}
                {version.purged.byName} on <LocalDate value={version.purged.at} />
              </p>
            </li>
          ) : (
            <li
              key={version.number}
              data-version={version.number}
              className="flex flex-wrap items-start justify-between gap-2 p-3"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium text-fg">
                  {versionLabel(history, version.number)}
                  {version.restoredFrom ? (
                    <span className="font-normal text-muted">
                      {" "}
                      · restored from version {version.restoredFrom}
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-muted">
                  {version.authorName} · <LocalDate value={version.createdAt} />
                </p>
                {version.note ? (
                  <p className="mt-1 text-sm break-words text-fg-soft">“{version.note}”</p>
                ) : null}
                <VersionLabels
                  promptId={prompt.id}
                  version={version.number}
                  labels={version.labels ?? []}
                  allLabels={allLabels}
                  canChange={props.canRestore}
                  onChanged={reload}
                />
                <VersionTestsLine summary={tests.get(version.number)} />
              </div>
              {props.canRestore && version.number !== history.current ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => void restore(version)}
                    disabled={restoring !== null}
                    aria-busy={restoring === version.number}
                    aria-label={`Restore version ${version.number}`}
                  >
                    {restoring === version.number ? "Restoring..." : "Restore"}
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => setPurging(version.number)}
                    aria-label={`Purge version ${version.number}`}
                    data-purge={version.number}
                  >
                    Purge
                  </Button>
                </div>
              ) : null}
            </li>
          ),
        )}
      </ol>
      {purging !== null ? (
        <PurgeVersionDialog
          key={purging}
          number={purging}
          onPurge={() => purge(purging)}
          onClosed={() => {
            // Back to the version's row: its Purge button, or the row itself once purged.
            const row = list.current?.querySelector<HTMLElement>(`[data-version="${purging}"]`);
            const button = row?.querySelector<HTMLElement>("[data-purge]");
            setPurging(null);
            (button ?? focusable(row))?.focus();
          }}
        />
      ) : null}
    </>
  );
}

/** A row made focusable for a moment, so focus lands where the purged version was. */
function focusable(row: HTMLElement | null | undefined) {
  if (row && !row.hasAttribute("tabindex")) row.setAttribute("tabindex", "-1");
  return row;
}

/** The newest earlier version kept whole against the current one. */
function defaultPair(history: History): [number, number] {
  const [current, previous] = history.versions.filter((version) => !version.purged);
  return [previous?.number ?? history.current, current?.number ?? history.current];
}

function versionLabel(history: History, number: number) {
  return number === history.current ? `Version ${number} (current)` : `Version ${number}`;
}

/** Two selects: which version to compare with which. */
function ComparePicker(props: {
  history: History;
  pair: [number, number];
  onChange: (pair: [number, number]) => void;
}) {
  const ids = useId();
  const choice = (side: 0 | 1, label: string) => (
    <label htmlFor={`${ids}-${side}`} className="flex items-center gap-2 text-sm text-fg">
      {label}
      <select
        id={`${ids}-${side}`}
        value={props.pair[side]}
        onChange={(event) => {
          const next: [number, number] = [...props.pair];
          next[side] = Number(event.target.value);
          props.onChange(next);
        }}
        className="rounded-lg border-0 bg-surface py-1.5 pr-8 pl-3 text-sm text-fg ring-1 ring-line-strong focus:ring-2 focus:ring-focus"
      >
        {props.history.versions
          .filter((version) => !version.purged)
          .map((version) => (
            <option key={version.number} value={version.number}>
              {versionLabel(props.history, version.number)}
            </option>
          ))}
      </select>
    </label>
  );
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      {choice(0, "Compare")}
      {choice(1, "with")}
    </div>
  );
}
