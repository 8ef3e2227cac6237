import { setTimeout as sleep } from "node:timers/promises";
import { samplePrompts } from "../../bench/support/sample-prompts.ts";
import type { SoakClient } from "./soak-client.ts";
import type { soakRecorder } from "./soak-recorder.ts";

export interface ShareCounts {
  /** Shares the schedule asked for. */
  due: number;
  /** Shares answered 201. */
  created: number;
  /** Shares not sent because `maxInFlight` were still unanswered (each counted as an error too). */
  skipped: number;
}

/** Shares waiting for an answer at once, at most; far above what 10 a second needs. */
const maxInFlight = 32;
const soakShareUseCase = "soak-share";

/**
 * The living community's writers: `rate` shares a second on a fixed schedule (open loop: share n
 * is due n / rate seconds after the start, whatever earlier ones are waiting for), each by the
 * next of `people` in turn, until `until`. Shares stay: the library grows as a real one does.
 */
export async function runSharers(options: {
  client: SoakClient;
  recorder: ReturnType<typeof soakRecorder>;
  people: string[];
  rate: number;
  until: number;
}): Promise<ShareCounts> {
  const { client, recorder, people, rate, until } = options;
  // Real prompts, so searches find the new shares too.
  const texts = samplePrompts().map((sample) => sample.prompt.slice(0, 600));
  const counts: ShareCounts = { due: 0, created: 0, skipped: 0 };
  const waiting = new Set<Promise<void>>();
  const start = Date.now();
  for (let n = 0; ; n++) {
    const due = start + (n * 1000) / rate;
    if (due >= until) break;
    if (due > Date.now()) await sleep(due - Date.now());
    counts.due++;
    if (waiting.size >= maxInFlight) {
      counts.skipped++;
      recorder.failure("POST /api/v1/prompts (share)", `skipped: ${maxInFlight} still unanswered`);
      continue;
    }
    const sent: Promise<void> = client
      .send("share", "/api/v1/prompts", {
        method: "POST",
        headers: {
          cookie: people[n % people.length] ?? "",
          origin: client.origin,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          promptText: `${texts[n % texts.length]} (${crypto.randomUUID()})`,
          useCase: soakShareUseCase,
          shared: true,
        }),
        expect: [201],
      })
      .then((answer) => {
        if (answer?.status === 201) counts.created++;
      })
      .finally(() => waiting.delete(sent));
    waiting.add(sent);
  }
  await Promise.all([...waiting]);
  return counts;
}
