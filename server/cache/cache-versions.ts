/** The channel the database announces cache-relevant changes on (drizzle/0007_cache-invalidation.sql). */
export const cacheChannel = "cache_changes";

/**
 * New shares and stars ('community') move the community's additions on at most once per this
 * window, so a burst of shares costs each reader one new render, not one per share. An answer
 * behind on additions alone may still be served while it is rendered again (signed-in-answers.ts).
 * The person who made a change sees it at once (their own version moves), and a shared prompt
 * edited, withdrawn or deleted ('community:now') moves the version itself: no answer made before
 * it is served again to anyone.
 */
export const communityWindowMs = 1000;

/**
 * How long an answer that is behind on the community's new shares alone may still be served
 * while it is made again in the background: under a burst of shares, readers get their page (or
 * an MCP client its search) from memory at once, up to this many seconds behind, instead of
 * waiting for renders that cannot keep up (decision 0012).
 */
export const additionsLagMs = 15_000;

type Forget = (kind: "user" | "session", key: string) => void;

/**
 * What this process knows about changes since it cached something: a version for the community
 * and one per person, bumped by this process's own writes at once and by every process's writes
 * through NOTIFY. Anything cached under an older version is stale.
 *
 * A cache is only trusted while the change channel is heard: before the first LISTEN, and after
 * it drops (changes may be missed), nothing is served from memory; on every new LISTEN the epoch
 * moves on, so whatever was cached before the gap is never served.
 */
export function createCacheVersions(
  options: { communityWindowMs?: number; additionsLagMs?: number } = {},
) {
  const windowMs = options.communityWindowMs ?? communityWindowMs;
  const lagMs = options.additionsLagMs ?? additionsLagMs;
  let listening = false;
  let epoch = 0;
  let withdrawals = 0;
  let additions = 0;
  let communityMovedAt = Number.NEGATIVE_INFINITY;
  let pendingCommunity: NodeJS.Timeout | undefined;
  const people = new Map<string, number>();
  const forgetters = new Set<Forget>();

  const moveAdditions = () => {
    clearTimeout(pendingCommunity);
    pendingCommunity = undefined;
    additions++;
    communityMovedAt = Date.now();
  };
  /** Moves the additions on now if the window has passed since they last moved, else at its end. */
  const additionsChanged = () => {
    if (pendingCommunity) return;
    const wait = communityMovedAt + windowMs - Date.now();
    if (wait <= 0) return moveAdditions();
    pendingCommunity = setTimeout(moveAdditions, wait);
    pendingCommunity.unref();
  };
  const heard = (message: string) => {
    const [kind, key = ""] = message.split(":", 2);
    if (kind === "community") {
      if (key === "now") withdrawals++;
      else additionsChanged();
    } else if (kind === "user" && key) {
      people.set(key, (people.get(key) ?? 0) + 1);
      for (const forget of forgetters) forget("user", key);
    } else if (kind === "session" && key) {
      for (const forget of forgetters) forget("session", key);
    }
  };

  return {
    /** True while changes from every instance reach this one. */
    get trusted() {
      return listening;
    },
    /**
     * The version of everything a person's page or list can show, but the community's latest
     * additions: their own library, and the community's changes and withdrawals unless the page
     * shows none of the community (their private prompts alone).
     */
    of(userId: string, showsCommunity = true) {
      return `${epoch}.${showsCommunity ? withdrawals : "-"}.${people.get(userId) ?? 0}`;
    },
    /** How many times new shares and stars have moved the community on (once per window at most). */
    get additions() {
      return additions;
    },
    /** How long an answer behind on the community's additions alone may still be served. */
    get additionsLagMs() {
      return lagMs;
    },
    /** Moves on with every new LISTEN: nothing cached before a gap in the channel is served. */
    get epoch() {
      return epoch;
    },
    /**
     * A message from the channel: 'community' (an addition), 'community:now' (a shared prompt
     * changed or gone), 'user:<id>' or 'session:<token hash>'.
     */
    heard,
    /**
     * This person just changed something through this process: what they see is stale now,
     * before the NOTIFY comes back; if it was shared, everyone else's is within the window.
     */
    changedBy(userId: string) {
      additionsChanged();
      heard(`user:${userId}`);
    },
    /** Called with each LISTEN (re)established, and with false when the connection drops. */
    setListening(on: boolean) {
      if (on) epoch++;
      listening = on;
    },
    /** Session caches drop entries when a session ends or its person changes. */
    onForget(forget: Forget) {
      forgetters.add(forget);
    },
  };
}

export type CacheVersions = ReturnType<typeof createCacheVersions>;
