import type { PublicPrompt } from "../../shared/prompt.ts";
import type { ShownPrompt } from "../cache/kept-answers.ts";
import type { CommunityHighlights } from "../community/community-highlights.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/**
 * What loaders and actions receive through React Router's request context, on every page. Who is
 * asking is not among it: pages other than public ones also get the viewer (`viewerContext` in
 * app/lib/app-context.ts), and public ones are rendered without it (shared/pages.ts).
 */
export interface RequestContext {
  db: Database;
  config: Config;
  log: Logger;
  requestId: string;
  cspNonce: string;
  /** The newest community prompts of a topic, for public pages; cached for a minute. */
  publicPrompts: (category: string) => Promise<PublicPrompt[]>;
  /** The prompt of the day and today's fresh prompts; cached for a minute. */
  highlights: () => Promise<CommunityHighlights>;
  /**
   * A public page that may be stored (server/cache/stored-pages.ts) names the prompts it shows,
   * itself first, each with its stamp; they stay with this request and never reach the page.
   */
  showsPrompts: (shown: ShownPrompt[]) => void;
  /** A loader or action failed unexpectedly: logged, or answered with 503 if the database is down. */
  reportError: (error: unknown) => void;
}
