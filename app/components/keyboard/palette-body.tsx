import { Command } from "cmdk";
import { useEffect, useMemo, useState } from "react";
import type { Folder, Tag } from "~/components/organise/library-context.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { highlight } from "~/lib/highlight.tsx";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import { previewOf } from "../../../shared/markdown-preview.ts";
import { paletteCountText } from "../../../shared/palette.ts";
import { type Prompt, searchTermMaxLength } from "../../../shared/prompt.ts";
import type { TeamSummary } from "../../../shared/teams.ts";
import { templateVariables } from "../../../shared/template.ts";
import {
  type CommandActions,
  commandGroups,
  matchesCommand,
  paletteCommands,
} from "./palette-commands.ts";
import { usePaletteSearch } from "./use-palette-search.ts";

export type PaletteChoice = { kind: "copy"; prompt: Prompt } | { kind: "run"; run: () => void };

const itemClass =
  "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-fg-soft data-[selected=true]:bg-accent-soft data-[selected=true]:text-fg";
const headingClass =
  "[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted";

/** The person's folders, tags and teams, asked for as the palette opens; none if that fails. */
function useOrganisers() {
  const [organisers, setOrganisers] = useState<{
    folders: Folder[];
    tags: Tag[];
    teams: TeamSummary[];
  }>({ folders: [], tags: [], teams: [] });
  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal };
    Promise.all([
      api<Folder[]>("GET", "/api/v1/folders", undefined, options),
      api<Tag[]>("GET", "/api/v1/tags", undefined, options),
      api<{ items: TeamSummary[] }>("GET", "/api/v1/teams", undefined, options),
    ]).then(
      ([folders, tags, teams]) => setOrganisers({ folders, tags, teams: teams.items }),
      () => {},
    );
    return () => controller.abort();
  }, []);
  return organisers;
}

/** The palette's field, its list of commands and prompts, and a line saying where the search stands. */
export function PaletteBody(props: {
  actions: CommandActions;
  onChoose: (choice: PaletteChoice) => void;
  onUseTemplate: (prompt: Prompt) => void;
}) {
  const { actions, onChoose, onUseTemplate } = props;
  const user = useSignedInUser();
  const [typed, setTyped] = useState("");
  const { results, searching, failed } = usePaletteSearch(typed);
  const { folders, tags, teams } = useOrganisers();
  const commands = useMemo(
    () => paletteCommands({ user, folders, tags, teams, actions }),
    [user, folders, tags, teams, actions],
  );
  const term = typed.trim();
  const shown = term ? commands.filter((command) => matchesCommand(command, term)) : commands;
  const found = results ? results.own.length + results.teams.length + results.community.length : 0;

  const status = failed
    ? "The search failed. Please try again."
    : !term
      ? "Type to search your prompts and the community's."
      : searching && !results
        ? "Searching..."
        : found + shown.length === 0 && !searching
          ? `Nothing matches “${term}”.`
          : results
            ? paletteCountText(results)
            : "0 prompts found";

  const promptItems = (prompts: Prompt[]) =>
    prompts.flatMap((prompt) => [
      <PromptItem
        key={`copy:${prompt.id}`}
        prompt={prompt}
        term={results?.term ?? ""}
        action="copy"
        onSelect={() => onChoose({ kind: "copy", prompt })}
      />,
      ...(templateVariables(prompt.promptText).length > 0
        ? [
            <PromptItem
              key={`template:${prompt.id}`}
              prompt={prompt}
              term={results?.term ?? ""}
              action="template"
              onSelect={() => onChoose({ kind: "run", run: () => onUseTemplate(prompt) })}
            />,
          ]
        : []),
    ]);

  return (
    <>
      <div className="flex items-center gap-2 border-b border-line px-4">
        <Icon name="search" className="h-5 w-5 shrink-0 text-faint" />
        <Command.Input
          value={typed}
          onValueChange={setTyped}
          maxLength={searchTermMaxLength}
          placeholder="Search prompts or type a command..."
          className="h-14 min-w-0 flex-1 bg-transparent text-base text-fg outline-none placeholder:text-muted"
        />
        {searching ? (
          <Icon name="loader" className="h-4 w-4 shrink-0 animate-spin text-faint" />
        ) : null}
      </div>
      <Command.List
        label="Prompts and commands"
        aria-busy={searching || undefined}
        className={`min-h-0 flex-1 overflow-y-auto overscroll-contain p-2 ${headingClass}`}
      >
        {commandGroups.map((group) => {
          const inGroup = shown.filter((command) => command.group === group);
          return inGroup.length > 0 ? (
            <Command.Group key={group} heading={group}>
              {inGroup.map((command) => (
                <Command.Item
                  key={command.id}
                  value={command.id}
                  onSelect={() => onChoose({ kind: "run", run: command.run })}
                  className={itemClass}
                >
                  <Icon name={command.icon} className="h-4 w-4 shrink-0 text-faint" />
                  <span className="min-w-0 flex-1 truncate">{highlight(command.label, term)}</span>
                </Command.Item>
              ))}
            </Command.Group>
          ) : null;
        })}
        {results && results.own.length > 0 ? (
          <Command.Group heading="Your library">{promptItems(results.own)}</Command.Group>
        ) : null}
        {results && results.teams.length > 0 ? (
          <Command.Group heading="Your teams">{promptItems(results.teams)}</Command.Group>
        ) : null}
        {results && results.community.length > 0 ? (
          <Command.Group heading="Community">{promptItems(results.community)}</Command.Group>
        ) : null}
      </Command.List>
      <div className="flex items-center justify-between gap-3 border-t border-line px-4 py-2 text-xs text-muted">
        <p role="status">
          {status}
          {results && !results.teamsSearched
            ? ". Your teams hold too many prompts to search here: search on a team's page."
            : ""}
        </p>
        <p aria-hidden="true" className="hidden sm:block">
          ↑↓ move · Enter runs · Esc closes
        </p>
      </div>
    </>
  );
}

/**
 * A prompt found: its title and the words around the match, marked; Enter copies it, or on its
 * second line (a template's) opens the template's form.
 */
function PromptItem(props: {
  prompt: Prompt;
  term: string;
  action: "copy" | "template";
  onSelect: () => void;
}) {
  const { prompt, term } = props;
  const template = props.action === "template";
  return (
    <Command.Item
      value={`${props.action}:${prompt.id}`}
      onSelect={props.onSelect}
      className={itemClass}
    >
      <Icon name={template ? "braces" : "copy"} className="h-4 w-4 shrink-0 text-faint" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-fg">
          {template ? "Use template: " : null}
          {highlight(prompt.title, term)}
        </span>
        {template ? null : (
          <span className="block truncate text-xs text-fg-soft">
            {prompt.isOwn ? null : `${prompt.creatorName} · `}
            {highlight(previewOf(prompt, term, 120), term)}
          </span>
        )}
      </span>
      <span className="shrink-0 text-xs text-muted">{template ? "Fill in" : "Copy"}</span>
    </Command.Item>
  );
}
