import { useEffect, useState } from "react";
import { api } from "~/lib/api-client.ts";
import { brokeText, type VersionTestSummary } from "../../../shared/workbench.ts";

/**
 * How each version did on the prompt's test cases, as last run, for the history; nothing where
 * the person may not read them (`shown`: its owner, a team's members) or none were run.
 */
export function useVersionTests(promptId: string, shown: boolean) {
  const [summaries, setSummaries] = useState(new Map<number, VersionTestSummary>());
  useEffect(() => {
    if (!shown) return;
    let current = true;
    api<{ versions: VersionTestSummary[] }>("GET", `/api/v1/prompts/${promptId}/tests/summary`)
      .then((answer) => {
        if (current) setSummaries(new Map(answer.versions.map((v) => [v.version, v])));
      })
      // The history stands without them.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [promptId, shown]);
  return summaries;
}

/** "3 of 5 test cases pass", and which the version broke ("v7 fails 2 of 5 that v6 passed"). */
export function VersionTestsLine(props: { summary: VersionTestSummary | undefined }) {
  const { summary } = props;
  if (!summary) return null;
  const broke = brokeText(summary);
  return (
    <p className="mt-1 text-xs">
      <span
        className={summary.passed === summary.total ? "text-success-text" : "text-warning-text"}
      >
        {summary.passed} of {summary.total} test cases pass
      </span>
      {broke ? (
        <span className="text-danger-text">
          {" "}
          · {broke}: {summary.broke.map((test) => test.name).join(", ")}
        </span>
      ) : null}
    </p>
  );
}
