import pg from "pg";
import type { PromptChange } from "../../shared/prompt.ts";
import { cacheChannel, type KeptAnswers } from "../cache/kept-answers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/**
 * The channel the database announces changes to shared prompts on, whichever code made them
 * (drizzle/0011_live-prompt-changes.sql).
 */
const promptChannel = "prompt_changes";

/** Receives each change; null means the server is shutting down and the stream should end. */
type Listener = (change: PromptChange | null) => void;

/**
 * Told about one session: "ended" when the database announced its row deleted (sign-out, account
 * deletion, on any instance), "unsure" after a gap in the channel, when a notice may have been
 * missed and the session should be looked up again.
 */
export type SessionWatcher = (news: "ended" | "unsure") => void;

/**
 * One LISTEN per process, fanned out to every open event stream, and (with `cache`) to the
 * versions that tell what this process may still serve from memory. On PostgreSQL it holds its
 * own connection and reconnects with back-off when the database goes away.
 */
export function createChangeFeed(
  handle: DatabaseHandle,
  log: Logger,
  cache?: KeptAnswers["channel"],
) {
  const listeners = new Set<Listener>();
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let change: PromptChange;
    try {
      change = JSON.parse(payload) as PromptChange;
    } catch {
      return;
    }
    cache?.promptChanged(change.id);
    for (const listener of listeners) listener(change);
  };

  let stop: () => Promise<void> = async () => {};
  let listening: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    listening = resolve;
  });
  const sessionWatchers = new Map<string, Set<SessionWatcher>>();
  const heardCacheChange = (payload: string | undefined) => {
    if (!payload) return;
    cache?.heard(payload);
    if (payload.startsWith(sessionPrefix)) {
      for (const watcher of sessionWatchers.get(payload.slice(sessionPrefix.length)) ?? []) {
        watcher("ended");
      }
    }
  };
  let heardBefore = false;
  const listeningAgain = () => {
    if (heardBefore) {
      for (const watchers of sessionWatchers.values())
        for (const watcher of watchers) watcher("unsure");
    }
    heardBefore = true;
  };
  if (handle.driver === "pglite") {
    const client = handle.client;
    const unlisten = Promise.all([
      client.listen(promptChannel, deliver),
      client.listen(cacheChannel, heardCacheChange),
    ]);
    void unlisten.then(() => {
      cache?.setListening(true);
      listeningAgain();
      listening();
    });
    stop = async () => {
      cache?.setListening(false);
      for (const stopListening of await unlisten) await stopListening();
    };
  } else {
    let client: pg.Client | null = null;
    let closed = false;
    let delay = 200;
    const connect = async () => {
      if (closed) return;
      const next = new pg.Client({
        connectionString: handle.directUrl,
      });
      next.on("notification", (message) => {
        if (message.channel === cacheChannel) heardCacheChange(message.payload);
        else deliver(message.payload);
      });
      next.on("error", () => {});
      next.on("end", () => {
        cache?.setListening(false);
        client = null;
        if (!closed) setTimeout(() => void connect(), delay).unref();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${promptChannel}; LISTEN ${cacheChannel}`);
        client = next;
        delay = 200;
        cache?.setListening(true);
        listeningAgain();
        listening();
      } catch (error) {
        log.warn({ err: error }, "live updates: cannot listen, retrying");
        delay = Math.min(delay * 2, 10_000);
        await next.end().catch(() => {});
      }
    };
    void connect();
    stop = async () => {
      closed = true;
      cache?.setListening(false);
      await client?.end().catch(() => {});
    };
  }

  return {
    /** Resolves once the first LISTEN is in place: changes from then on reach subscribers. */
    ready,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Watches one session, by its token's hash, until the returned function is called. */
    watchSession(tokenHash: string, watcher: SessionWatcher) {
      const watchers = sessionWatchers.get(tokenHash) ?? new Set<SessionWatcher>();
      sessionWatchers.set(tokenHash, watchers);
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
        if (watchers.size === 0 && sessionWatchers.get(tokenHash) === watchers) {
          sessionWatchers.delete(tokenHash);
        }
      };
    },
    /** Ends every open stream (shutdown), then stops listening. */
    async close() {
      for (const listener of listeners) listener(null);
      await stop();
    },
  };
}

const sessionPrefix = "session:";

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
