// Runs in its own process, so the writer shares an event loop with neither the server nor the
// reader load: shares prompts on a fixed schedule (open loop: share n is due n / rate seconds
// after the start, whatever earlier shares are still waiting for) until told to stop, and tells
// the parent what it did in any windows of time. Started by bench/support/sharer.ts.
// usage: node --import tsx bench/support/share-worker.ts '<ShareJob as JSON>' (with an IPC channel)
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { browserHeaders } from "../../tests/support/raw-request.ts";
import { samplePrompts } from "./sample-prompts.ts";
import type { ShareFigures, ShareJob, ShareMessage, Window } from "./sharer.ts";

interface Share {
  /** When it was due, in ms since the epoch. */
  due: number;
  /** From due to the last byte of the answer. */
  ms: number;
  /** null: no answer. */
  status: number | null;
}

const job = JSON.parse(process.argv[2] ?? "{}") as ShareJob;
// Real prompts, cut as the generated library's are, so searches find the new shares too.
const texts = samplePrompts().map((sample) => sample.prompt.slice(0, 600));
const shares: Share[] = [];
const skipped: number[] = [];
const waiting = new Set<Promise<void>>();
let stopping = false;

const now = () => performance.timeOrigin + performance.now();

async function share(n: number, due: number) {
  let status: number | null = null;
  try {
    const response = await fetch(job.url, {
      method: "POST",
      headers: {
        ...browserHeaders,
        origin: job.origin,
        "content-type": "application/json",
        cookie: job.cookie,
      },
      body: JSON.stringify({
        promptText: `${texts[n % texts.length]} (${randomUUID()})`,
        useCase: job.useCase,
        shared: true,
      }),
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    status = response.status;
  } catch {
    // Counted as a share with no answer.
  }
  shares.push({ due, ms: now() - due, status });
}

/**
 * Latency counts from when a share was due, not when it went out, so a late send (this process
 * starved of CPU) shows in the figures instead of hiding a slow answer (coordinated omission).
 */
async function schedule() {
  const start = now();
  for (let n = 0; !stopping; n++) {
    const due = start + (n * 1000) / job.rate;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    if (stopping) return;
    if (waiting.size >= job.maxInFlight) {
      skipped.push(due);
      continue;
    }
    const sent: Promise<void> = share(n, due).finally(() => waiting.delete(sent));
    waiting.add(sent);
  }
}

function figures(windows: Window[]): ShareFigures {
  const inside = (at: number) => windows.some((window) => at >= window.from && at < window.to);
  const chosen = shares.filter((item) => inside(item.due));
  const missed = skipped.filter(inside).length;
  const seconds = windows.reduce((total, window) => total + (window.to - window.from) / 1000, 0);
  const succeeded = chosen.filter((item) => item.status !== null && item.status < 300);
  const answered = chosen.filter((item) => item.status !== null).map((item) => item.ms);
  const statusCodes: Record<string, number> = {};
  for (const item of chosen) {
    const code = item.status === null ? "no answer" : String(item.status);
    statusCodes[code] = (statusCodes[code] ?? 0) + 1;
  }
  return {
    askedRate: job.rate,
    seconds,
    due: chosen.length + missed,
    skipped: missed,
    achievedRate: seconds > 0 ? succeeded.length / seconds : 0,
    p50: percentile(answered, 50),
    p99: percentile(answered, 99),
    errors: chosen.length - succeeded.length,
    statusCodes,
  };
}

/** Nearest-rank percentile, to a tenth of a millisecond; null for no samples. */
function percentile(list: number[], p: number) {
  if (list.length === 0) return null;
  const sorted = Float64Array.from(list).sort();
  const value = sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
}

const send = (message: ShareMessage) => process.send?.(message);

process.on("message", async (message: ShareMessage) => {
  if (message.type === "stop") stopping = true;
  // Every share due so far is answered (or timed out) before the figures are taken or it stops.
  await Promise.all([...waiting]);
  if (message.type === "figures") send({ type: "answer", figures: figures(message.windows) });
  if (message.type === "stop") process.exit(0);
});

send({ type: "started" });
await schedule();
