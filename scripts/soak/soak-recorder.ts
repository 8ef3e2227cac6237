import { loadavg } from "node:os";

/** Every kind of request the soak sends, by the group the report sums it into. */
export const kindGroups = {
  home: "read",
  "topic page": "read",
  "prompt page": "read",
  "social image": "read",
  central: "read",
  dashboard: "read",
  "list community": "read",
  "list personal": "read",
  "search common": "search",
  "search rare": "search",
  "search none": "search",
  palette: "search",
  "mcp search": "search",
  create: "write",
  update: "write",
  delete: "write",
  share: "write",
  "sign-in": "sign-in",
} as const;
export type Kind = keyof typeof kindGroups;
export type Group = (typeof kindGroups)[Kind];
export const groups: Group[] = ["read", "search", "write", "sign-in"];

interface Bucket {
  requests: number;
  serverErrors: number;
  otherErrors: number;
  /** Latencies in ms of the answered requests, by kind. */
  latencies: Map<Kind, number[]>;
  /** Whole sign-in flows, from the first request to the signed-in dashboard. */
  signIns: number[];
  signInFailures: number;
  /** The server's resident set size, once a second: when in the minute (ms), and bytes. */
  rss: { offset: number; bytes: number }[];
  loadAverage: number | null;
  /** The minute's last resource sample, CPU times being totals since each process started. */
  sampled: Sample | null;
}

interface Sample {
  at: number;
  serverCpu: number | null;
  clientCpu: number;
}

export interface Latency {
  requests: number;
  p50: number | null;
  p99: number | null;
}

export interface MinuteFigures extends Latency {
  minute: number;
  serverErrors: number;
  otherErrors: number;
  groups: Record<Group, Latency>;
  kinds: Record<string, Latency>;
  signIns: { completed: number; failed: number; p50: number | null; p99: number | null };
  /** The last sample of the minute. */
  rssBytes: number | null;
  rssPeakBytes: number | null;
  /**
   * The lowest sample of the minute (of its second half in the warm-up minute): what the server
   * holds once garbage is collected. Single samples swing by a third with collection (a sawtooth
   * of 10 to 20 s under this load), so growth is judged on this.
   */
  rssSettledBytes: number | null;
  /** Every sample of the minute, in MB. */
  rssSeriesMb: number[];
  /** CPU cores the server kept busy on average (1.0: one core all the time). */
  serverCpu: number | null;
  /** The same for this process, which sends the load: on a small machine they compete. */
  clientCpu: number | null;
  /** The machine's one-minute load average at the minute's end: how busy the shared host was. */
  loadAverage: number | null;
}

const maxSamples = 5;

/**
 * Counts every request into the minute it was answered in (the minute of the run, from 1), so a
 * minute's row is final once that minute is over.
 */
export function soakRecorder(startedAt: number, minutes: number) {
  const buckets: Bucket[] = Array.from({ length: minutes }, () => ({
    requests: 0,
    serverErrors: 0,
    otherErrors: 0,
    latencies: new Map(),
    signIns: [],
    signInFailures: 0,
    rss: [],
    loadAverage: null,
    sampled: null,
  }));
  let first: Sample | null = null;
  const problems = new Map<string, number>();
  const serverErrorSamples: string[] = [];

  /** The current minute's bucket, and how far into that minute we are (ms). */
  const now = () => {
    const elapsed = Date.now() - startedAt;
    const index = Math.min(minutes - 1, Math.max(0, Math.floor(elapsed / 60_000)));
    return { bucket: buckets[index] as Bucket, offset: elapsed - index * 60_000 };
  };
  const problem = (line: string) => problems.set(line, (problems.get(line) ?? 0) + 1);

  return {
    /** An answered request; `expected` says whether its status is the one the step wants. */
    response(
      kind: Kind,
      ms: number,
      request: string,
      status: number,
      expected: boolean,
      body = "",
    ) {
      const { bucket } = now();
      bucket.requests++;
      const list = bucket.latencies.get(kind) ?? [];
      list.push(ms);
      bucket.latencies.set(kind, list);
      if (status >= 500) {
        bucket.serverErrors++;
        problem(`${request} → ${status}`);
        if (serverErrorSamples.length < maxSamples) {
          serverErrorSamples.push(`${request} → ${status}: ${body.slice(0, 300)}`);
        }
      } else if (!expected) {
        bucket.otherErrors++;
        problem(`${request} → ${status}`);
      }
    },
    /** A request that got no answer: a socket error or the client's timeout. */
    failure(request: string, reason: string) {
      const { bucket } = now();
      bucket.requests++;
      bucket.otherErrors++;
      problem(`${request} → ${reason}`);
    },
    signIn(ms: number) {
      now().bucket.signIns.push(ms);
    },
    /** A sign-in that did not end signed in; `reason` is set when no request already said why. */
    signInFailed(reason?: string) {
      const { bucket } = now();
      bucket.signInFailures++;
      if (reason) {
        bucket.otherErrors++;
        problem(`sign-in flow: ${reason}`);
      }
    },
    /** The server's resident memory and CPU time, taken every second or so. */
    sample(rssBytes: number | null, serverCpu: number | null) {
      const { bucket, offset } = now();
      const cpu = process.cpuUsage();
      bucket.sampled = { at: Date.now(), serverCpu, clientCpu: (cpu.user + cpu.system) / 1e6 };
      first ??= bucket.sampled;
      bucket.loadAverage = loadavg()[0] ?? null;
      if (rssBytes !== null) bucket.rss.push({ offset, bytes: rssBytes });
    },
    minute(index: number): MinuteFigures {
      const before = index === 0 ? first : (buckets[index - 1]?.sampled ?? null);
      return figures(index + 1, [buckets[index] as Bucket], before);
    },
    minutes() {
      return buckets.map((_, index) => this.minute(index));
    },
    /** The whole run as one figure (its memory and load fields are the last minute's). */
    total: () => figures(0, buckets, first),
    problems: () =>
      [...problems].sort((a, b) => b[1] - a[1]).map(([line, count]) => ({ line, count })),
    serverErrorSamples: () => [...serverErrorSamples],
  };
}

function figures(minute: number, chosen: Bucket[], before: Sample | null): MinuteFigures {
  const byKind = new Map<Kind, number[]>();
  for (const bucket of chosen) {
    for (const [kind, list] of bucket.latencies)
      byKind.set(kind, [...(byKind.get(kind) ?? []), ...list]);
  }
  const kinds = Object.keys(kindGroups) as Kind[];
  const ofKinds = (wanted: Kind[]) => latency(wanted.flatMap((kind) => byKind.get(kind) ?? []));
  const signIns = chosen.flatMap((bucket) => bucket.signIns);
  const last = chosen.at(-1);
  return {
    minute,
    ...ofKinds(kinds),
    requests: sum(chosen, (bucket) => bucket.requests),
    serverErrors: sum(chosen, (bucket) => bucket.serverErrors),
    otherErrors: sum(chosen, (bucket) => bucket.otherErrors),
    groups: Object.fromEntries(
      groups.map((group) => [group, ofKinds(kinds.filter((kind) => kindGroups[kind] === group))]),
    ) as Record<Group, Latency>,
    kinds: Object.fromEntries(kinds.map((kind) => [kind, ofKinds([kind])])),
    signIns: {
      completed: signIns.length,
      failed: sum(chosen, (bucket) => bucket.signInFailures),
      p50: percentile(signIns, 50),
      p99: percentile(signIns, 99),
    },
    rssBytes: last?.rss.at(-1)?.bytes ?? null,
    rssPeakBytes: highest(chosen.flatMap((bucket) => bucket.rss.map((item) => item.bytes))),
    rssSettledBytes: last ? settled(last, minute) : null,
    rssSeriesMb:
      chosen.length === 1
        ? (last?.rss.map((item) => Math.round(item.bytes / 104857.6) / 10) ?? [])
        : [],
    serverCpu: cores(before, last?.sampled ?? null, (sample) => sample.serverCpu),
    clientCpu: cores(before, last?.sampled ?? null, (sample) => sample.clientCpu),
    loadAverage: last?.loadAverage ?? null,
  };
}

/** The lowest sample; in the first minute, of its second half, once the server has started. */
function settled(bucket: Bucket, minute: number) {
  const pool = minute === 1 ? bucket.rss.filter((item) => item.offset >= 30_000) : bucket.rss;
  return pool.length > 0 ? Math.min(...pool.map((item) => item.bytes)) : null;
}

function highest(list: number[]) {
  return list.length > 0 ? Math.max(...list) : null;
}

function cores(from: Sample | null, to: Sample | null, pick: (sample: Sample) => number | null) {
  const start = from && pick(from);
  const end = to && pick(to);
  if (!from || !to || start === null || end === null || to.at <= from.at) return null;
  return Math.round(((end - start) / ((to.at - from.at) / 1000)) * 100) / 100;
}

function latency(list: number[]): Latency {
  return { requests: list.length, p50: percentile(list, 50), p99: percentile(list, 99) };
}

/** Nearest-rank percentile, to a tenth of a millisecond; null for no samples. */
function percentile(list: number[], p: number) {
  if (list.length === 0) return null;
  const sorted = Float64Array.from(list).sort();
  const value = sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
}

function sum(list: Bucket[], pick: (bucket: Bucket) => number) {
  return list.reduce((total, bucket) => total + pick(bucket), 0);
}
