import type { Prompt } from "../../shared/prompt.ts";
import type { EditPhase } from "./bench-results.ts";
import { benchVersionsTitle } from "./bench-routes.ts";
import { latencyOf, type VersionClient } from "./version-client.ts";

/** One of the prompts edited in turn, and the version it is at. */
export interface EditedPrompt {
  id: string;
  shared: boolean;
  version: number;
  /** Where in the real prompts its texts start, so each prompt runs through texts of its own. */
  offset: number;
}

/**
 * The person's prompts to edit, created through the API as the person would: `count` of them,
 * the last one shared, each carrying the versions bench's use case so the run can remove them.
 */
export async function createEditedPrompts(
  client: VersionClient,
  texts: string[],
  count: number,
): Promise<EditedPrompt[]> {
  const prompts: EditedPrompt[] = [];
  for (let i = 0; i < count; i++) {
    const offset = Math.floor((i * texts.length) / count);
    const shared = i === count - 1;
    const answer = await client.post("", {
      promptText: textOf(texts, offset, 1),
      useCase: benchVersionsTitle,
      shared,
    });
    const created = JSON.parse(answer.json) as Prompt;
    prompts.push({ id: created.id, shared, version: created.version, offset });
  }
  return prompts;
}

/**
 * PATCHes that send each prompt's current text again, `rounds` times: the server's edit path
 * runs (and is compiled) before anything is timed, and an unchanged text makes no version.
 */
export async function warmUp(
  client: VersionClient,
  prompts: EditedPrompt[],
  texts: string[],
  rounds: number,
) {
  for (let round = 0; round < rounds; round++) {
    for (const prompt of prompts) {
      const answer = await client.patch(`/${prompt.id}`, {
        promptText: textOf(texts, prompt.offset, prompt.version),
      });
      if ((JSON.parse(answer.json) as Prompt).version !== prompt.version) {
        throw new Error(`resending ${prompt.id}'s text made a version`);
      }
    }
  }
}

/**
 * Edits the prompts in turn, one PATCH at a time, until each is at `toVersion`: every edit
 * replaces the text with the next real prompt and carries a note, so each version the database
 * keeps has a real prompt's length. Assumes the prompts are all at the same version.
 */
export async function editInTurn(
  client: VersionClient,
  prompts: EditedPrompt[],
  texts: string[],
  phase: { name: string; toVersion: number },
): Promise<EditPhase> {
  const fromVersion = prompts[0]?.version ?? 1;
  const all: number[] = [];
  const shared: number[] = [];
  for (let version = fromVersion + 1; version <= phase.toVersion; version++) {
    for (const prompt of prompts) {
      const answer = await client.patch(`/${prompt.id}`, {
        promptText: textOf(texts, prompt.offset, version),
        note: `Bench edit ${version}`,
      });
      const edited = JSON.parse(answer.json) as Prompt;
      if (edited.version !== version) {
        throw new Error(`an edit made version ${edited.version} of ${prompt.id}, not ${version}`);
      }
      prompt.version = version;
      all.push(answer.ms);
      if (prompt.shared) shared.push(answer.ms);
    }
  }
  return { ...phase, fromVersion, all: latencyOf(all), shared: latencyOf(shared) };
}

/** Version `version`'s text: a real prompt, whole, told apart from the same text used before. */
function textOf(texts: string[], offset: number, version: number) {
  return `${texts[(offset + version) % texts.length]} (revision ${version})`;
}
