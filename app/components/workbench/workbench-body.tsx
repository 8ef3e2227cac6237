import { useState } from "react";
import { useTemplateForm } from "~/components/organise/use-template-form.ts";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { DialogLoading } from "~/components/ui/dialog-status.tsx";
import { useSignedInUserIfAny } from "~/lib/use-signed-in-user.ts";
import { displayName } from "../../../shared/session-user.ts";
import { CompareTab } from "./compare-tab.tsx";
import { type ModelChoice, noChoice } from "./model-settings.tsx";
import { RunTab } from "./run-tab.tsx";
import type { RunTemplate } from "./run-template.ts";
import { RunsTab } from "./runs-tab.tsx";
import { TestsTab } from "./tests-tab.tsx";
import type { useConnections } from "./use-connections.ts";
import { WorkbenchTabs } from "./workbench-tabs.tsx";

type Tab = "run" | "compare" | "tests" | "runs";

/**
 * The workbench for one prompt (or a typed-in text): Run it against a model, Compare two
 * versions or models side by side, and, where the person may, its Tests and kept Runs. The
 * template's values and the model chosen are shared by every tab. The connections are its
 * page's (a card's Run dialog fetches its own).
 */
export function WorkbenchBody(props: {
  template: RunTemplate;
  connections: ReturnType<typeof useConnections>;
}) {
  const { template, connections } = props;
  const user = useSignedInUserIfAny();
  const form = useTemplateForm({ whole: template, open: true, me: user ? displayName(user) : "" });
  const [choice, setChoice] = useState<ModelChoice>(noChoice);
  const [tab, setTab] = useState<Tab>("run");
  const tests = template.prompt?.tests ?? null;
  const tabs = [
    { id: "run" as const, label: "Run" },
    { id: "compare" as const, label: "Compare" },
    ...(tests
      ? [
          { id: "tests" as const, label: "Tests" },
          { id: "runs" as const, label: "Runs" },
        ]
      : []),
  ];
  if (connections.state.kind !== "ready") {
    return (
      <ApiDataStatus
        state={connections.state}
        what="model connections"
        onRetry={() => void connections.reload()}
        className="mt-4"
      />
    );
  }
  if (form.expansion.state === "loading") return <DialogLoading />;
  if (form.expansion.state === "failed") {
    return (
      <p role="alert" className="mt-4 rounded-lg bg-danger-soft p-3 text-sm text-danger-text">
        {form.expansion.message}
      </p>
    );
  }
  const list = connections.state.value;
  return (
    <WorkbenchTabs tabs={tabs} current={tab} onChange={setTab}>
      {/* Kept mounted when hidden, so an answer being written goes on while another tab shows. */}
      <div hidden={tab !== "run"}>
        <RunTab
          template={template}
          form={form}
          connections={list}
          choice={choice}
          onChoice={setChoice}
        />
      </div>
      {tab === "compare" ? (
        <CompareTab template={template} form={form} connections={list} choice={choice} />
      ) : null}
      {tab === "tests" && template.prompt ? (
        <TestsTab
          promptId={template.prompt.id}
          variables={form.variables}
          choice={choice}
          canChange={tests === "change"}
        />
      ) : null}
      {tab === "runs" && template.prompt ? <RunsTab promptId={template.prompt.id} /> : null}
    </WorkbenchTabs>
  );
}
