import { createContext } from "react-router";
import type { RequestContext } from "../../server/http/request-context.ts";

/**
 * The server reads this key from the server build (entry.server re-exports it), so the
 * key it sets is the very object loaders read, in production and under Vite alike.
 */
export const appContext = createContext<RequestContext>();
