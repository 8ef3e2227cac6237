import { useId } from "react";
import { fieldClass } from "~/components/ui/field-classes.ts";
import {
  multiValue,
  multiValues,
  type TemplateVariable,
  templateValueMaxLength,
} from "../../../shared/template.ts";
import { type ClipboardState, typedValue } from "./use-template-form.ts";

const builtInNotes: Record<string, string> = {
  today: "today's date",
  me: "your name",
  clipboard: "from your clipboard",
};

/**
 * One field per variable, by its type: a line, a text area (long), a number, a select (choice),
 * a checkbox (yes/no), a date, or a group of checkboxes (several of a few). An empty field uses
 * what its placeholder shows: the default or the built-in value. A required one says so, and
 * the form is not used until it has a value.
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
          variable.type.kind === "long" ||
          variable.type.kind === "multi" ||
          (variable.builtIn && variable.name === "clipboard");
        const label = (
          <>
            {variable.name}
            {variable.required ? (
              <span className="font-normal text-danger-text"> (required)</span>
            ) : null}
            {note ? <span className="font-normal text-faint"> ({note})</span> : null}
          </>
        );
        if (variable.type.kind === "yesno") {
          return (
            <div key={variable.name} className="flex items-center gap-2 self-end py-2">
              <input
                id={id}
                type="checkbox"
                checked={(value || placeholder) === "yes"}
                onChange={(event) => change(event.target.checked ? "yes" : "no")}
                className="h-4 w-4 rounded accent-accent"
              />
              <label htmlFor={id} className="text-sm font-medium break-words text-fg">
                {label}
              </label>
            </div>
          );
        }
        if (variable.type.kind === "multi") {
          const { options } = variable.type;
          const chosen = new Set(multiValues(value || placeholder));
          return (
            <fieldset key={variable.name} className="sm:col-span-2">
              <legend className="text-sm font-medium break-words text-fg">{label}</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {options.map((option, at) => (
                  <label
                    key={option}
                    htmlFor={`${id}-${at}`}
                    className="flex items-center gap-1.5 text-sm text-fg"
                  >
                    <input
                      id={`${id}-${at}`}
                      type="checkbox"
                      checked={chosen.has(option)}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(option);
                        else next.delete(option);
                        change(multiValue(options, next));
                      }}
                      className="h-4 w-4 rounded accent-accent"
                    />
                    {option}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        }
        return (
          <div key={variable.name} className={wide ? "sm:col-span-2" : undefined}>
            <label htmlFor={id} className="text-sm font-medium break-words text-fg">
              {label}
            </label>
            {variable.type.kind === "choice" ? (
              <select
                id={id}
                value={value || placeholder}
                aria-required={variable.required || undefined}
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
                aria-required={variable.required || undefined}
                aria-describedby={refused ? `${id}-note` : undefined}
                onChange={(event) => change(event.target.value)}
                className={fieldClass}
              />
            ) : (
              <input
                id={id}
                type={
                  variable.type.kind === "number"
                    ? "number"
                    : variable.type.kind === "date"
                      ? "date"
                      : "text"
                }
                value={value || (variable.type.kind === "date" ? placeholder : "")}
                maxLength={templateValueMaxLength}
                placeholder={placeholder}
                aria-required={variable.required || undefined}
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
