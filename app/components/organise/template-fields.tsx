import { useId } from "react";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { type TemplateVariable, templateValueMaxLength } from "../../../shared/template.ts";
import { type ClipboardState, typedValue } from "./use-template-form.ts";

const builtInNotes: Record<string, string> = {
  today: "today's date",
  me: "your name",
  clipboard: "from your clipboard",
};

/**
 * One field per variable, by its type: a line, a text area (long), a number or a select
 * (choice). An empty field uses what its placeholder shows: the default or the built-in value.
 */
export function TemplateFields(props: {
  variables: TemplateVariable[];
  values: Record<string, string>;
  fallbackOf: (name: string, defaultValue: string) => string;
  clipboard: ClipboardState;
  onChange: (name: string, value: string) => void;
}) {
  const ids = useId();
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-2">
      {props.variables.map((variable, index) => {
        const id = `${ids}-${index}`;
        const value = typedValue(props.values, variable.name);
        const placeholder = props.fallbackOf(variable.name, variable.defaultValue);
        const change = (next: string) => props.onChange(variable.name, next);
        const note = variable.builtIn ? builtInNotes[variable.name] : undefined;
        const refused =
          variable.builtIn && variable.name === "clipboard" && props.clipboard === "refused";
        const wide =
          variable.type.kind === "long" || (variable.builtIn && variable.name === "clipboard");
        return (
          <div key={variable.name} className={wide ? "sm:col-span-2" : undefined}>
            <label htmlFor={id} className="text-sm font-medium break-words text-fg">
              {variable.name}
              {note ? <span className="font-normal text-faint"> ({note})</span> : null}
            </label>
            {variable.type.kind === "choice" ? (
              <select
                id={id}
                value={value || placeholder}
                onChange={(event) => change(event.target.value)}
                className={fieldClass}
              >
                {variable.type.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : wide ? (
              <textarea
                id={id}
                rows={4}
                value={value}
                maxLength={templateValueMaxLength}
                placeholder={placeholder}
                aria-describedby={refused ? `${id}-note` : undefined}
                onChange={(event) => change(event.target.value)}
                className={fieldClass}
              />
            ) : (
              <input
                id={id}
                type={variable.type.kind === "number" ? "number" : "text"}
                value={value}
                maxLength={templateValueMaxLength}
                placeholder={placeholder}
                onChange={(event) => change(event.target.value)}
                className={fieldClass}
              />
            )}
            {refused ? (
              <p id={`${id}-note`} className="mt-1 text-xs text-warning-text">
                Your browser did not let PromptShelf read the clipboard: paste the text here.
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
