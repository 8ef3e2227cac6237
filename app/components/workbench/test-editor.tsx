import { useId, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { Icon } from "~/components/ui/icon.tsx";
import type { TemplateVariable } from "../../../shared/template.ts";
import {
  type CheckKind,
  checkKinds,
  checkLabels,
  checksWithoutValue,
  type TestCase,
  type TestCheck,
} from "../../../shared/workbench.ts";

export type TestDraft = Omit<TestCase, "id">;

const placeholders: Record<CheckKind, string> = {
  contains: "text the answer must hold",
  "not-contains": "text the answer must not hold",
  regex: "/^hello/i",
  json: "",
  "json-schema": '{"type":"object","required":["name"]}',
  "max-length": "500",
  "min-length": "20",
  equals: "the whole answer",
};

/**
 * A test case being written: its name, a value for each of the template's variables, and the
 * checks its answer must pass. Saving is the caller's; the server says what it refuses.
 */
export function TestEditor(props: {
  initial: TestDraft;
  variables: TemplateVariable[];
  saving: boolean;
  error: string | null;
  onSave: (draft: TestDraft) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const [draft, setDraft] = useState<TestDraft>(props.initial);
  const setCheck = (index: number, check: TestCheck) =>
    setDraft({ ...draft, checks: draft.checks.map((c, at) => (at === index ? check : c)) });
  return (
    <form
      className="mt-3 rounded-lg bg-canvas p-3 ring-1 ring-line"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave(draft);
      }}
    >
      <label htmlFor={`${ids}-name`} className="text-sm font-medium text-fg">
        Test case name
      </label>
      <input
        id={`${ids}-name`}
        required
        value={draft.name}
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        className={fieldClass}
      />
      {props.variables.length ? (
        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-fg">Values</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {props.variables.map((variable, index) => (
              <div key={variable.name}>
                <label htmlFor={`${ids}-value-${index}`} className="text-xs text-fg-soft">
                  {variable.name}
                </label>
                <input
                  id={`${ids}-value-${index}`}
                  value={draft.values[variable.name] ?? ""}
                  placeholder={variable.defaultValue}
                  onChange={(event) =>
                    setDraft({
                      ...draft,
                      values: { ...draft.values, [variable.name]: event.target.value },
                    })
                  }
                  className={fieldClass}
                />
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-fg">The answer…</legend>
        <ul className="space-y-2">
          {draft.checks.map((check, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: checks have no id; their place is theirs
            <li key={index} className="flex flex-wrap items-end gap-2">
              <div className="min-w-40">
                <label htmlFor={`${ids}-kind-${index}`} className="sr-only">
                  Check {index + 1}
                </label>
                <select
                  id={`${ids}-kind-${index}`}
                  value={check.kind}
                  onChange={(event) =>
                    setCheck(index, { ...check, kind: event.target.value as CheckKind })
                  }
                  className={fieldClass}
                >
                  {checkKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {checkLabels[kind]}
                    </option>
                  ))}
                </select>
              </div>
              {checksWithoutValue.has(check.kind) ? null : (
                <div className="min-w-48 flex-1">
                  <label htmlFor={`${ids}-check-${index}`} className="sr-only">
                    Check {index + 1}: {checkLabels[check.kind]}
                  </label>
                  {check.kind === "json-schema" ? (
                    <textarea
                      id={`${ids}-check-${index}`}
                      rows={3}
                      value={check.value}
                      placeholder={placeholders[check.kind]}
                      onChange={(event) => setCheck(index, { ...check, value: event.target.value })}
                      className={`${fieldClass} font-mono text-xs`}
                    />
                  ) : (
                    <input
                      id={`${ids}-check-${index}`}
                      value={check.value}
                      inputMode={check.kind.endsWith("length") ? "numeric" : undefined}
                      placeholder={placeholders[check.kind]}
                      onChange={(event) => setCheck(index, { ...check, value: event.target.value })}
                      className={fieldClass}
                    />
                  )}
                </div>
              )}
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove check ${index + 1}`}
                disabled={draft.checks.length === 1}
                onClick={() =>
                  setDraft({ ...draft, checks: draft.checks.filter((_, at) => at !== index) })
                }
              >
                <Icon name="x" className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          onClick={() =>
            setDraft({ ...draft, checks: [...draft.checks, { kind: "contains", value: "" }] })
          }
        >
          <Icon name="plus" className="h-4 w-4" /> Add a check
        </Button>
      </fieldset>
      {props.error ? (
        <p role="alert" className="mt-2 text-sm text-danger-text">
          {props.error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={props.saving}>
          {props.saving ? "Saving…" : "Save test case"}
        </Button>
      </div>
    </form>
  );
}
