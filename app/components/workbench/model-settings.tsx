import { useEffect, useId } from "react";
import { Link } from "react-router";
import { fieldClass } from "~/components/ui/field-classes.ts";
import type { ConnectionView } from "../../../shared/workbench.ts";
import { useModels } from "./use-connections.ts";

/** The model a run goes to, as the form holds it (numbers as typed). */
export interface ModelChoice {
  connectionId: string;
  model: string;
  temperature: string;
  maxTokens: string;
}

export const noChoice: ModelChoice = {
  connectionId: "",
  model: "",
  temperature: "",
  maxTokens: "",
};

/** The choice as a run's body takes it; an empty temperature or limit is left to the model. */
export function choiceSettings(choice: ModelChoice) {
  const temperature = choice.temperature.trim() === "" ? undefined : Number(choice.temperature);
  const maxTokens = choice.maxTokens.trim() === "" ? undefined : Number(choice.maxTokens);
  return {
    connectionId: choice.connectionId,
    model: choice.model.trim(),
    ...(temperature === undefined || Number.isNaN(temperature) ? {} : { temperature }),
    ...(maxTokens === undefined || Number.isNaN(maxTokens) ? {} : { maxTokens }),
  };
}

export function choiceIsComplete(choice: ModelChoice) {
  return Boolean(choice.connectionId && choice.model.trim());
}

/**
 * Connection, model (the service's list offered as suggestions), temperature and most tokens.
 * Choosing a connection picks its default model when it has one.
 */
export function ModelSettings(props: {
  connections: ConnectionView[];
  choice: ModelChoice;
  onChange: (choice: ModelChoice) => void;
  /** Labels' prefix, when two sets stand side by side ("A: model"), each then half as wide. */
  label?: string;
}) {
  const ids = useId();
  const { choice, onChange, connections } = props;
  const models = useModels(choice.connectionId || null);
  const prefix = props.label ? `${props.label}: ` : "";

  // A first connection is chosen for the person; so is its default model.
  useEffect(() => {
    if (choice.connectionId || !connections[0]) return;
    onChange({
      ...choice,
      connectionId: connections[0].id,
      model: choice.model || connections[0].defaultModel || "",
    });
  }, [choice, connections, onChange]);

  if (!connections.length) {
    return (
      <p className="mt-3 rounded-lg bg-canvas p-3 text-sm text-fg-soft ring-1 ring-line">
        No model connections yet.{" "}
        <Link to="/workbench" className="font-medium text-accent-text underline">
          Add one on the Workbench page
        </Link>{" "}
        (OpenAI, Anthropic, or your own Ollama, LM Studio, llama.cpp or vLLM server).
      </p>
    );
  }
  return (
    <div className={`mt-3 grid gap-3 sm:grid-cols-2 ${props.label ? "" : "lg:grid-cols-4"}`}>
      <div>
        <label htmlFor={`${ids}-connection`} className="text-sm font-medium text-fg">
          {prefix}Connection
        </label>
        <select
          id={`${ids}-connection`}
          value={choice.connectionId}
          onChange={(event) => {
            const next = connections.find((c) => c.id === event.target.value);
            onChange({
              ...choice,
              connectionId: event.target.value,
              model: next?.defaultModel ?? "",
            });
          }}
          className={fieldClass}
        >
          {connections.map((connection) => (
            <option key={connection.id} value={connection.id}>
              {connection.team ? `${connection.name} (${connection.team.name})` : connection.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${ids}-model`} className="text-sm font-medium text-fg">
          {prefix}Model
        </label>
        <input
          id={`${ids}-model`}
          list={`${ids}-models`}
          value={choice.model}
          autoComplete="off"
          onChange={(event) => onChange({ ...choice, model: event.target.value })}
          aria-describedby={models.failed ? `${ids}-models-failed` : undefined}
          className={fieldClass}
        />
        <datalist id={`${ids}-models`}>
          {models.list.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
        {models.failed ? (
          <p id={`${ids}-models-failed`} className="mt-1 text-xs text-warning-text">
            Its models could not be listed: {models.failed}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${ids}-temperature`} className="text-sm font-medium text-fg">
          {prefix}Temperature
        </label>
        <input
          id={`${ids}-temperature`}
          type="number"
          min={0}
          max={2}
          step={0.1}
          placeholder="model's own"
          value={choice.temperature}
          onChange={(event) => onChange({ ...choice, temperature: event.target.value })}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-max`} className="text-sm font-medium text-fg">
          {prefix}Max tokens
        </label>
        <input
          id={`${ids}-max`}
          type="number"
          min={1}
          step={1}
          placeholder="model's own"
          value={choice.maxTokens}
          onChange={(event) => onChange({ ...choice, maxTokens: event.target.value })}
          className={fieldClass}
        />
      </div>
    </div>
  );
}
