import { type ReactNode, useCallback, useState } from "react";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { ApiError, api } from "~/lib/api-client.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import type { TemplateVariable } from "../../../shared/template.ts";
import {
  checkLabels,
  checksWithoutValue,
  type TestCase,
  type TestResult,
  type TestRunResult,
} from "../../../shared/workbench.ts";
import { choiceIsComplete, choiceSettings, type ModelChoice } from "./model-settings.tsx";
import { type TestDraft, TestEditor } from "./test-editor.tsx";

const emptyDraft: TestDraft = { name: "", values: {}, checks: [{ kind: "contains", value: "" }] };

/**
 * The prompt's test cases: each a name, values and checks on the answer. Run all runs every
 * case against the model chosen on the Run tab (four at a time, on the server) and says which
 * pass; the outcome is kept with the version, where the history shows it. A team's viewer reads
 * the cases (`canChange` false): its editors write and run them.
 */
export function TestsTab(props: {
  promptId: string;
  variables: TemplateVariable[];
  choice: ModelChoice;
  canChange: boolean;
}) {
  const base = `/api/v1/prompts/${props.promptId}/tests`;
  const read = useCallback(
    () => api<{ tests: TestCase[] }>("GET", base).then((answer) => answer.tests),
    [base],
  );
  const { state, reload, refresh } = useApiData(read);
  const [editing, setEditing] = useState<{ id: string | null; draft: TestDraft } | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<
    | { kind: "running" }
    | { kind: "done"; run: TestRunResult }
    | { kind: "failed"; message: string }
    | null
  >(null);

  async function save(draft: TestDraft) {
    setSaving(true);
    setError(null);
    try {
      const body = {
        ...draft,
        values: Object.fromEntries(Object.entries(draft.values).filter(([, value]) => value)),
      };
      if (editing?.id) await api("PATCH", `${base}/${editing.id}`, body);
      else await api("POST", base, body);
      setEditing(null);
      await refresh();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "The test case was not saved.");
    } finally {
      setSaving(false);
    }
  }

  async function remove(test: TestCase) {
    try {
      await api("DELETE", `${base}/${test.id}`);
      await refresh();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "The test case was not deleted.");
    }
  }

  async function runAll() {
    setOutcome({ kind: "running" });
    try {
      const { connectionId, model, ...rest } = choiceSettings(props.choice);
      const run = await api<TestRunResult>("POST", `${base}/run`, { connectionId, model, ...rest });
      setOutcome({ kind: "done", run });
    } catch (failure) {
      setOutcome({
        kind: "failed",
        message: failure instanceof ApiError ? failure.message : "The test run failed.",
      });
    }
  }

  if (state.kind !== "ready") {
    return (
      <ApiDataStatus
        state={state}
        what="test cases"
        onRetry={() => void reload()}
        className="mt-4"
      />
    );
  }
  const tests = state.value;
  const results = new Map<string, TestResult>(
    outcome?.kind === "done" ? outcome.run.results.map((result) => [result.testId, result]) : [],
  );
  const passed = outcome?.kind === "done" ? outcome.run.results.filter((r) => r.passed).length : 0;
  if (!props.canChange) {
    return (
      <div className="mt-4">
        <p className="text-sm text-muted" role="status">
          {tests.length
            ? "The team's editors change these test cases and run them; the history shows how each version did."
            : "No test cases yet. The team's editors add them."}
        </p>
        <TestList tests={tests} results={results} />
      </div>
    );
  }
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          disabled={!tests.length || !choiceIsComplete(props.choice) || outcome?.kind === "running"}
          aria-busy={outcome?.kind === "running"}
          onClick={() => void runAll()}
        >
          <Icon name="flask-conical" className="h-4 w-4" />
          {outcome?.kind === "running" ? "Running…" : "Run all tests"}
        </Button>
        <Button variant="secondary" onClick={() => setEditing({ id: null, draft: emptyDraft })}>
          <Icon name="plus" className="h-4 w-4" /> New test case
        </Button>
      </div>
      <p className="mt-2 text-sm text-muted" role="status">
        {outcome?.kind === "done"
          ? `${passed} of ${outcome.run.results.length} pass on version ${outcome.run.version}.`
          : outcome?.kind === "running"
            ? "Running every case against the model…"
            : tests.length
              ? "Runs use the connection and model chosen on the Run tab."
              : "No test cases yet. Add one: values for the template and checks on the answer."}
      </p>
      {outcome?.kind === "failed" ? (
        <p role="alert" className="mt-1 text-sm text-danger-text">
          {outcome.message}
        </p>
      ) : null}
      {editing && editing.id === null ? (
        <TestEditor
          initial={editing.draft}
          variables={props.variables}
          saving={saving}
          error={error}
          onSave={(draft) => void save(draft)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <TestList
        tests={tests}
        results={results}
        actions={(test) => (
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Edit test case ${test.name}`}
              onClick={() => setEditing({ id: test.id, draft: test })}
            >
              <Icon name="pencil" className="h-4 w-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete test case ${test.name}`}
              onClick={() => void remove(test)}
            >
              <Icon name="trash" className="h-4 w-4" />
            </Button>
          </div>
        )}
        below={(test) =>
          editing?.id === test.id ? (
            <TestEditor
              initial={editing.draft}
              variables={props.variables}
              saving={saving}
              error={error}
              onSave={(draft) => void save(draft)}
              onCancel={() => setEditing(null)}
            />
          ) : null
        }
      />
    </div>
  );
}

/**
 * The test cases, each with its checks and, after a run, whether it passed, why not and the
 * answer; `actions` and `below` add what the person may do with one.
 */
function TestList(props: {
  tests: TestCase[];
  results: Map<string, TestResult>;
  actions?: (test: TestCase) => ReactNode;
  below?: (test: TestCase) => ReactNode;
}) {
  if (!props.tests.length) return null;
  return (
    <ul className="mt-3 divide-y divide-line rounded-lg ring-1 ring-line">
      {props.tests.map((test) => {
        const result = props.results.get(test.id);
        return (
          <li key={test.id} className="p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words text-fg">
                  {result ? (
                    <span className={result.passed ? "text-success-text" : "text-danger-text"}>
                      {result.passed ? "Passed: " : "Failed: "}
                    </span>
                  ) : null}
                  {test.name}
                </p>
                <p className="text-xs break-words text-muted">
                  The answer{" "}
                  {test.checks
                    .map((check) =>
                      checksWithoutValue.has(check.kind)
                        ? checkLabels[check.kind]
                        : `${checkLabels[check.kind]} “${check.value.slice(0, 40)}”`,
                    )
                    .join("; ")}
                </p>
              </div>
              {props.actions?.(test)}
            </div>
            {result && !result.passed ? (
              <ul className="mt-1 list-disc pl-5 text-xs text-danger-text">
                {result.failures.map((failure) => (
                  <li key={failure}>{failure}</li>
                ))}
              </ul>
            ) : null}
            {result ? (
              <details className="mt-1 text-xs">
                <summary className="cursor-pointer text-muted">The answer</summary>
                <p className="mt-1 max-h-48 overflow-y-auto rounded bg-canvas p-2 break-words whitespace-pre-wrap text-fg">
                  {result.output}
                </p>
              </details>
            ) : null}
            {props.below?.(test)}
          </li>
        );
      })}
    </ul>
  );
}
