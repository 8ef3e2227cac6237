import type { SecureHeadersVariables } from "hono/secure-headers";
import type { Viewer } from "../auth/viewer.ts";
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
    /** Set while a signed-in answer renders to be kept: its keeper compresses it itself. */
    renderingForCache?: boolean;
  };
}
