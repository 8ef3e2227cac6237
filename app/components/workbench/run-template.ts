/**
 * What the workbench runs: a prompt (by id, any of its versions) or a text typed on the
 * Workbench page (its values kept on this device under `id`).
 */
export interface RunTemplate {
  id: string;
  title: string;
  promptText: string;
  /** Set for a prompt: runs name it, and it has versions and may have tests. */
  prompt: { id: string; version: number; isOwn: boolean } | null;
}

/** The run body's part that names what is run. */
export function runSubject(template: RunTemplate, version?: number) {
  return template.prompt
    ? { promptId: template.prompt.id, ...(version === undefined ? {} : { version }) }
    : { promptText: template.promptText };
}
