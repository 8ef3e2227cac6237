/**
 * What the workbench runs: a prompt (by id, any of its versions) or a text typed on the
 * Workbench page (its values kept on this device under `id`).
 */
export interface RunTemplate {
  id: string;
  title: string;
  promptText: string;
  /**
   * Set for a prompt: runs name it, and it has versions. `tests` is what the person may do with
   * its test cases and kept runs (CardAbilities.tests): null, neither is shown.
   */
  prompt: { id: string; version: number; tests: "read" | "change" | null } | null;
}

/** The run body's part that names what is run. */
export function runSubject(template: RunTemplate, version?: number) {
  return template.prompt
    ? { promptId: template.prompt.id, ...(version === undefined ? {} : { version }) }
    : { promptText: template.promptText };
}
