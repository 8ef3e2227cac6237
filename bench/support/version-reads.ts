import type { History } from "../../shared/versions.ts";
import type { HistoryRead } from "./bench-results.ts";
import { latencyOf, type VersionClient } from "./version-client.ts";

/** Timed rounds of every read, after `warmupRounds` untimed ones. */
export const readRounds = 200;
const warmupRounds = 5;

/**
 * A prompt's history as its owner opens it: the list of versions, one version's text, and a
 * pair to compare (the current version and the one before, asked for together). Round after
 * round of every read, so a slow moment on a shared machine falls on all of them.
 */
export async function readHistory(
  client: VersionClient,
  promptId: string,
): Promise<{ historyVersions: number; reads: HistoryRead[] }> {
  const history = JSON.parse((await client.get(`/${promptId}/versions`)).json) as History;
  const middle = history.versions[Math.floor(history.versions.length / 2)]?.number;
  const reads = [
    { name: "history list (no texts)", paths: ["/versions"] },
    { name: "one version, from the middle of the history", paths: [`/versions/${middle}`] },
    {
      name: "a pair to compare: the current version and the one before, together",
      paths: [`/versions/${history.current}`, `/versions/${history.current - 1}`],
    },
  ].map((read) => ({ ...read, latencies: [] as number[], jsonBytes: 0, wireBytes: 0 }));
  for (let round = 0; round < warmupRounds + readRounds; round++) {
    for (const read of reads) {
      const started = performance.now();
      const answers = await Promise.all(
        read.paths.map((path) => client.get(`/${promptId}${path}`)),
      );
      if (round < warmupRounds) continue;
      read.latencies.push(performance.now() - started);
      read.jsonBytes = answers.reduce((sum, answer) => sum + Buffer.byteLength(answer.json), 0);
      read.wireBytes = answers.reduce((sum, answer) => sum + answer.wireBytes, 0);
    }
  }
  return {
    historyVersions: history.versions.length,
    reads: reads.map(({ latencies, ...read }) => ({ ...read, latency: latencyOf(latencies) })),
  };
}
