import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { accessTokens, sessions } from "../db/schema.ts";
import type { ChangeFeed } from "./change-feed.ts";

/** setTimeout holds at most 2^31 - 1 ms; a session's expiry is looked up again at least daily. */
const longestWait = 24 * 60 * 60 * 1000;
/** While the database cannot be reached, the session is looked up again this often. */
const retryMs = 5000;

/**
 * Ends a stream when the session (or access token) that opened it ends: at once when the database announces its
 * row deleted (sign-out or account deletion, on any instance), and at its expiry otherwise (it
 * is looked up again then, since using the session elsewhere moves the expiry on). After a gap in
 * the change channel the session is looked up again too. Returns a function that stops watching.
 */
export function watchStreamSession(options: {
  db: Database;
  feed: ChangeFeed;
  tokenHash: string;
  onEnd: () => void;
}) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const later = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), ms);
    timer.unref();
  };
  const end = () => {
    if (stopped) return;
    stop();
    options.onEnd();
  };
  const check = async () => {
    let row: { expiresAt: Date | null } | undefined;
    try {
      [row] = await options.db
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, options.tokenHash))
        .limit(1);
      [row] = row
        ? [row]
        : await options.db
            .select({ expiresAt: accessTokens.expiresAt })
            .from(accessTokens)
            .where(eq(accessTokens.tokenHash, options.tokenHash))
            .limit(1);
    } catch {
      if (!stopped) later(retryMs);
      return;
    }
    if (stopped) return;
    // An access token that never expires ends only when it is revoked.
    const left = row ? (row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) - Date.now() : 0;
    if (left <= 0) end();
    else later(Math.min(left, longestWait));
  };
  const unwatch = options.feed.watchSession(options.tokenHash, (news) => {
    if (news === "ended") end();
    else void check();
  });
  // Watching starts before this first look, so a sign-out just before it is not missed.
  void check();

  function stop() {
    stopped = true;
    clearTimeout(timer);
    unwatch();
  }
  return stop;
}
