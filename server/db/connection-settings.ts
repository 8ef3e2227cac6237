import { collectionsPerPerson, itemsPerCollection } from "../../shared/collection.ts";
import { labelsPerPrompt } from "../../shared/labels.ts";
import { tagsPerPrompt } from "../../shared/prompt.ts";
import { pendingSuggestionsPerPrompt } from "../../shared/suggestions.ts";
import type { Config } from "../config.ts";

/**
 * The deployment's database settings: a statement timeout, so no query holds a pooled
 * connection for long, and the limits the database's own triggers enforce
 * (drizzle/0010_library-limits.sql, for collections drizzle/0017, for access tokens
 * drizzle/0021, for teams drizzle/0027, for labels and suggestions drizzle/0028). The app and
 * its scripts write them at start where every connection sees them, through a connection pooler
 * too (deployment-settings.ts); the session that runs migrations has no timeout.
 */
export type ConnectionSettings = Record<string, string>;

export function connectionSettings(
  config: Pick<Config, "limits" | "statementTimeoutMs">,
): ConnectionSettings {
  const { limits } = config;
  return {
    statement_timeout: String(config.statementTimeoutMs),
    // A transaction left open by a stuck request would hold its locks; end it instead.
    idle_in_transaction_session_timeout: String(config.statementTimeoutMs * 3),
    "promptshelf.prompts_per_person": String(limits.promptsPerPerson),
    "promptshelf.library_bytes_per_person": String(limits.libraryBytesPerPerson),
    "promptshelf.folders_per_person": String(limits.foldersPerPerson),
    "promptshelf.folder_depth": String(limits.folderDepth),
    "promptshelf.tags_per_person": String(limits.tagsPerPerson),
    "promptshelf.tags_per_prompt": String(tagsPerPrompt),
    "promptshelf.collections_per_person": String(collectionsPerPerson),
    "promptshelf.items_per_collection": String(itemsPerCollection),
    "promptshelf.versions_per_prompt": String(limits.versionsPerPrompt),
    "promptshelf.history_bytes_per_prompt": String(limits.historyBytesPerPrompt),
    "promptshelf.tokens_per_person": String(limits.tokensPerPerson),
    "promptshelf.teams_per_person": String(limits.teamsPerPerson),
    "promptshelf.members_per_team": String(limits.membersPerTeam),
    "promptshelf.labels_per_prompt": String(labelsPerPrompt),
    "promptshelf.pending_suggestions_per_prompt": String(pendingSuggestionsPerPrompt),
  };
}

/**
 * The timeouts, kept as PostgreSQL settings. PGlite cannot honour them: it runs on this thread,
 * with no timer to interrupt a query.
 */
export const timeoutSettings = new Set([
  "statement_timeout",
  "idle_in_transaction_session_timeout",
]);
