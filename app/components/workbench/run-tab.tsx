import { TemplateFields } from "~/components/organise/template-fields.tsx";
import type { useTemplateForm } from "~/components/organise/use-template-form.ts";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
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

/** The template's form, the model, Run and Stop, and the answer as it is written. */
export function RunTab(props: {
  template: RunTemplate;
  form: ReturnType<typeof useTemplateForm>;
  connections: ConnectionView[];
  choice: ModelChoice;
  onChoice: (choice: ModelChoice) => void;
}) {
  const { form } = props;
  const run = useRunStream();
  const running = run.state.status === "running";
  const blocked = form.requiredLeft.length > 0 || form.tooLong !== null;
  return (
    <div>
      <TemplateFields
        variables={form.variables}
        values={form.values}
        fallbackOf={form.fallbackOf}
        clipboard={form.clipboard.state}
        onChange={form.setValue}
      />
      <ModelSettings
        connections={props.connections}
        choice={props.choice}
        onChange={props.onChoice}
      />
      {form.requiredLeft.length ? (
        <p className="mt-2 text-sm text-danger-text">
          Fill in {form.requiredLeft.join(", ")} to run it.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {running ? (
          <Button variant="secondary" onClick={run.stop}>
            <Icon name="square" className="h-4 w-4" /> Stop
          </Button>
        ) : (
          <Button
            disabled={!choiceIsComplete(props.choice) || blocked}
            onClick={() =>
              void run.start({
                ...runSubject(props.template),
                values: runValues(form),
                ...choiceSettings(props.choice),
              })
            }
          >
            <Icon name="play" className="h-4 w-4" /> Run
          </Button>
        )}
      </div>
      <RunOutput state={run.state} label="Answer" />
    </div>
  );
}
