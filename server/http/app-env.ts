import type { SecureHeadersVariables } from "hono/secure-headers";
import type { Viewer } from "../auth/viewer.ts";
import type { ShownPrompt } from "../cache/kept-answers.ts";
import type { Logger } from "../logger.ts";

/** What each request carries through the Hono middleware chain. */
export interface AppEnv {
  Variables: SecureHeadersVariables & {
    requestId: string;
    log: Logger;
    /** Looks up the signed-in person once per request, only when something asks. */
    viewer: () => Promise<Viewer | null>;
    /**
     * Set when an access token is the request's credential (bearer-access.ts): cookies play no
     * part, so there is no cross-site riding to prevent.
     */
    byToken?: boolean;
    /** What a page that may be stored shows (RequestContext.showsPrompts). */
    shownPrompts?: ShownPrompt[];
    /** Set while the page cache renders a page: it compresses the result itself. */
    renderingForCache?: boolean;
  };
}
