import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { slugOf } from "../../shared/public-address.ts";
import { alwaysShown, type TemplateVariable, templateVariables } from "../../shared/template.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { favourites, prompts } from "../db/schema.ts";
import { ownedBy, readableBy } from "../prompts/prompt-access.ts";
import { isRequired } from "./fill-template.ts";

/** At most this many of a person's prompts are offered as MCP prompts (slash commands). */
export const offeredPromptLimit = 500;

export interface OfferedPrompt {
  /** Unique among those offered: the title as a slug, numbered when two titles meet. */
  name: string;
  id: string;
  title: string;
  /** The owner's description of it, or null. */
  description: string | null;
  text: string;
}

/** A starred prompt, someone else's or the person's own. */
const starred = alias(prompts, "p");

/**
 * What a client that shows MCP prompts offers as slash commands: the person's starred prompts
 * (their own or shared ones) and their own templates (prompts with {{variables}}), by title.
 */
export async function offeredPrompts(db: Database, viewer: Viewer): Promise<OfferedPrompt[]> {
  const result = await db.execute(sql`
    SELECT id, title, description, prompt_text FROM (
      SELECT ${prompts.id} AS id, ${prompts.title} AS title,
        ${prompts.description} AS description, ${prompts.promptText} AS prompt_text
      FROM ${prompts}
      WHERE ${ownedBy(viewer)} AND ${prompts.promptText} LIKE '%{{%'
      UNION
      SELECT ${starred.id}, ${starred.title}, ${starred.description}, ${starred.promptText}
      FROM ${favourites} JOIN ${prompts} AS ${starred} ON ${starred.id} = ${favourites.promptId}
      WHERE ${favourites.userId} = ${viewer.userId} AND ${readableBy(viewer, starred)}
    ) offered
    ORDER BY lower(title), id
    LIMIT ${offeredPromptLimit}`);
  const taken = new Map<string, number>();
  type Row = { id: string; title: string; description: string | null; prompt_text: string };
  return rowsOf<Row>(result).map((row) => {
    const base = slugOf(row.title);
    const seen = (taken.get(base) ?? 0) + 1;
    taken.set(base, seen);
    return {
      name: seen === 1 ? base : `${base}-${seen}`,
      id: row.id,
      title: row.title,
      description: row.description,
      text: row.prompt_text,
    };
  });
}

/**
 * The prompt's arguments: its template variables, required unless they have a default, less the
 * built-in values the server fills ({{today}}, {{me}}). A snippet's variables are not listed
 * (that would read every snippet for every list); they may still be given by name.
 */
export function promptArguments(text: string) {
  // One only a section shows ({{#if more}}{{detail}}{{/if}}) is needed only when it shows.
  const shown = alwaysShown(text);
  return templateVariables(text)
    .filter((variable) => !variable.builtIn || variable.name === "clipboard")
    .map((variable) => ({
      name: variable.name,
      description: argumentDescription(variable),
      required: isRequired(variable) && shown.has(variable.name),
    }));
}

function argumentDescription(variable: TemplateVariable) {
  const kinds: Record<TemplateVariable["type"]["kind"], string | undefined> = {
    text: undefined,
    long: "Several lines of text",
    number: "A number",
    choice: undefined,
    multi: undefined,
    yesno: "yes or no",
    date: "A date, as 2026-11-23",
  };
  const kind =
    variable.type.kind === "choice"
      ? `One of: ${variable.type.options.join(", ")}`
      : variable.type.kind === "multi"
        ? `Any of, separated by commas: ${variable.type.options.join(", ")}`
        : kinds[variable.type.kind];
  const fallback = variable.defaultValue ? `Default: ${variable.defaultValue}` : undefined;
  return [kind, fallback].filter(Boolean).join(". ") || undefined;
}
