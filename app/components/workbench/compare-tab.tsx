import { useCallback, useId, useState } from "react";
import type { useTemplateForm } from "~/components/organise/use-template-form.ts";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import type { History } from "../../../shared/versions.ts";
import type { ConnectionView } from "../../../shared/workbench.ts";
import {
  choiceIsComplete,
  choiceSettings,
  type ModelChoice,
  ModelSettings,
} from "./model-settings.tsx";
import { RunOutput } from "./run-output.tsx";
import { type RunTemplate, runSubject } from "./run-template.ts";
import { runValues } from "./run-values.ts";
import { useRunStream } from "./use-run-stream.ts";

interface Side {
  version: number | undefined;
  choice: ModelChoice;
}

/**
 * The same values run twice, side by side: two versions of the prompt, or two models (or both).
 * Both answers stream at once.
 */
export function CompareTab(props: {
  template: RunTemplate;
  form: ReturnType<typeof useTemplateForm>;
  connections: ConnectionView[];
  choice: ModelChoice;
}) {
  const { template, form } = props;
  const prompt = template.prompt;
  const [sides, setSides] = useState<[Side, Side]>(() => [
    { version: prompt ? Math.max(1, prompt.version - 1) : undefined, choice: props.choice },
    { version: prompt?.version, choice: props.choice },
  ]);
  const left = useRunStream();
  const right = useRunStream();
  const runs = [left, right] as const;
  const running = runs.some((run) => run.state.status === "running");
  const blocked =
    form.requiredLeft.length > 0 || !sides.every((side) => choiceIsComplete(side.choice));
  const change = (index: 0 | 1, side: Partial<Side>) =>
    setSides((now) => {
      const next: [Side, Side] = [...now];
      next[index] = { ...now[index], ...side };
      return next;
    });

  function runBoth() {
    const values = runValues(form);
    sides.forEach((side, index) => {
      void runs[index]?.start({
        ...runSubject(template, side.version),
        values,
        ...choiceSettings(side.choice),
      });
    });
  }

  return (
    <div>
      <p className="mt-4 text-sm text-muted">
        Both sides use the values on the Run tab. Choose {prompt ? "a version and " : ""}a model for
        each.
      </p>
      <div className="mt-2 grid gap-4 lg:grid-cols-2">
        {(["A", "B"] as const).map((label, index) => {
          const side = sides[index as 0 | 1];
          const run = runs[index as 0 | 1];
          return (
            <section
              key={label}
              aria-label={`Side ${label}`}
              className="min-w-0 rounded-lg p-3 ring-1 ring-line"
            >
              <h3 className="text-sm font-semibold text-fg">Side {label}</h3>
              {prompt ? (
                <VersionPicker
                  promptId={prompt.id}
                  label={label}
                  value={side.version}
                  onChange={(version) => change(index as 0 | 1, { version })}
                />
              ) : null}
              <ModelSettings
                label={label}
                connections={props.connections}
                choice={side.choice}
                onChange={(choice) => change(index as 0 | 1, { choice })}
              />
              <RunOutput state={run.state} label={`Answer ${label}`} />
            </section>
          );
        })}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {running ? (
          <Button
            variant="secondary"
            onClick={() => {
              left.stop();
              right.stop();
            }}
          >
            <Icon name="square" className="h-4 w-4" /> Stop both
          </Button>
        ) : (
          <Button disabled={blocked} onClick={runBoth}>
            <Icon name="columns-2" className="h-4 w-4" /> Run both
          </Button>
        )}
      </div>
    </div>
  );
}

/** Which of the prompt's versions a side runs. */
function VersionPicker(props: {
  promptId: string;
  label: string;
  value: number | undefined;
  onChange: (version: number) => void;
}) {
  const id = useId();
  const read = useCallback(
    () => api<History>("GET", `/api/v1/prompts/${props.promptId}/versions`),
    [props.promptId],
  );
  const { state } = useApiData(read);
  const versions = state.kind === "ready" ? state.value.versions.filter((v) => !v.purged) : [];
  return (
    <div className="mt-2">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {props.label}: Version
      </label>
      <select
        id={id}
        value={props.value ?? ""}
        onChange={(event) => props.onChange(Number(event.target.value))}
        className={fieldClass}
      >
        {versions.length ? null : <option value={props.value ?? ""}>Version {props.value}</option>}
        {versions.map((version) => (
          <option key={version.number} value={version.number}>
            Version {version.number}
            {state.kind === "ready" && version.number === state.value.current ? " (current)" : ""}
          </option>
        ))}
      </select>
    </div>
  );
}
