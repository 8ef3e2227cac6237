import { typedValue, type useTemplateForm } from "~/components/organise/use-template-form.ts";

/**
 * The values a run sends: what each field holds, else what its placeholder shows (its default,
 * or the built-in value the browser knows: today here, the person's name, the clipboard), so the
 * run sends exactly the text the preview shows.
 */
export function runValues(form: ReturnType<typeof useTemplateForm>) {
  return Object.fromEntries(
    form.variables
      .map((variable) => [
        variable.name,
        typedValue(form.values, variable.name) ||
          form.fallbackOf(variable.name, variable.defaultValue),
      ])
      .filter(([, value]) => value !== ""),
  );
}
