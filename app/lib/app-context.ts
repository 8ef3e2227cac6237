import { createContext } from "react-router";
import type { Viewer } from "../../server/auth/viewer.ts";
import type { RequestContext } from "../../server/http/request-context.ts";

/**
 * The server reads these keys from the server build (entry.server re-exports them), so the
 * keys it sets are the very objects loaders read, in production and under Vite alike.
 */
export const appContext = createContext<RequestContext>();

/**
 * The signed-in person, looked up once per request on first call. Every page has it but the
 * public ones, which are rendered for everyone at once: there it is not set at all, and a
 * loader asking for it fails (shared/pages.ts).
 */
export const viewerContext = createContext<() => Promise<Viewer | null>>();
