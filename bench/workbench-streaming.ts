/**
 * What the workbench adds to a streamed answer, and how many streamed runs a second one server
 * sustains. Starts the model stand-in (tests/support/model-server.ts) and the production build
 * on the embedded database, allowed to reach the stand-in on 127.0.0.1, then:
 * 1. time to the first streamed byte of an answer: asked of the stand-in directly (its own), and
 *    through PromptShelf (POST /api/v1/runs, stream: true): the first `delta` event's bytes;
 * 2. streamed runs a second: `--clients` runs at once (each person may have RUNS_PER_PERSON),
 *    back to back for `--seconds`, each a prompt of one's own (so each run is also kept), the
 *    stand-in streaming `--chunks` pieces `--chunk-ms` apart.
 *
 *   npm run build && tsx bench/workbench-streaming.ts [--samples 200] [--clients 16] [--seconds 20] [--chunks 50] [--chunk-ms 5]
 */
import { parseArgs } from "node:util";
import { startModelServer } from "../tests/support/model-server.ts";
import { startServer } from "../tests/support/start-server.ts";
import { ms, percentile, signInOverHttp } from "./support/http-session.ts";

const { values } = parseArgs({
  options: {
    samples: { type: "string", default: "200" },
    clients: { type: "string", default: "16" },
    seconds: { type: "string", default: "20" },
    chunks: { type: "string", default: "50" },
    "chunk-ms": { type: "string", default: "5" },
  },
});
const samples = Number(values.samples);
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const chunks = Array.from({ length: Number(values.chunks) }, (_, i) => `word${i} `);
const chunkDelayMs = Number(values["chunk-ms"]);

const models = await startModelServer({ script: () => ({ chunks, chunkDelayMs }) });
const server = await startServer({
  LOG_LEVEL: "error",
  CONNECTIONS_PRIVATE_ADDRESSES: "127.0.0.1",
  RUNS_PER_PERSON: "1000",
  RATE_LIMIT_WRITES: "100000000",
});
const origin = server.url;

/** Milliseconds from sending to the first body bytes holding `marker`, and to the end. */
async function timed(url: string, init: RequestInit, marker: string) {
  const started = performance.now();
  const response = await fetch(url, init);
  const reader = response.body?.getReader();
  if (!reader) throw new Error(`no body from ${url}: ${response.status}`);
  const decoder = new TextDecoder();
  let first: number | null = null;
  let seen = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (first === null) {
      seen += decoder.decode(value, { stream: true });
      if (seen.includes(marker)) first = performance.now() - started;
    }
  }
  if (first === null) throw new Error(`no ${marker} from ${url}`);
  return { first, total: performance.now() - started };
}

try {
  const people = await Promise.all(
    Array.from({ length: Math.max(1, Math.ceil(clients / 4)) }, async (_, index) => {
      const cookie = await signInOverHttp(origin, `streamer-${index}@example.com`, "Streamer");
      const headers = { cookie, origin, "content-type": "application/json" };
      const connection = await fetch(`${origin}/api/v1/connections`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: "Stand-in",
          kind: "openai-compatible",
          baseUrl: models.openAiUrl,
          apiKey: "sk-bench",
        }),
      }).then((r) => r.json() as Promise<{ id: string }>);
      const prompt = await fetch(`${origin}/api/v1/prompts`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          promptText: "Tell me about {{topic}}",
          useCase: "bench",
          shared: false,
        }),
      }).then((r) => r.json() as Promise<{ id: string }>);
      return { headers, connectionId: connection.id, promptId: prompt.id };
    }),
  );
  const first = people[0];
  if (!first) throw new Error("nobody signed in");
  const direct = () =>
    timed(
      `${models.openAiUrl}/chat/completions`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
        body: JSON.stringify({
          model: "stand-in-small",
          stream: true,
          messages: [{ role: "user", content: "Tell me about tea" }],
        }),
      },
      '"content":"word0',
    );
  const viaApp = (person: typeof first) =>
    timed(
      `${origin}/api/v1/runs`,
      {
        method: "POST",
        headers: person.headers,
        body: JSON.stringify({
          promptId: person.promptId,
          values: { topic: "tea" },
          connectionId: person.connectionId,
          model: "stand-in-small",
          stream: true,
        }),
      },
      "event: delta",
    );

  for (let i = 0; i < 20; i++) {
    await direct();
    await viaApp(first);
  }
  const own: number[] = [];
  const through: number[] = [];
  const throughTotal: number[] = [];
  for (let i = 0; i < samples; i++) {
    own.push((await direct()).first);
    const run = await viaApp(first);
    through.push(run.first);
    throughTotal.push(run.total);
  }
  console.log(
    `\n## Time to the first streamed byte (${samples} runs each, one at a time, ${chunks.length} pieces ${chunkDelayMs} ms apart)\n`,
  );
  console.log("| asked of | p50 ms | p99 ms |");
  console.log("| --- | ---: | ---: |");
  console.log(
    `| the stand-in itself | ${ms(percentile(own, 0.5))} | ${ms(percentile(own, 0.99))} |`,
  );
  console.log(
    `| PromptShelf (POST /api/v1/runs) | ${ms(percentile(through, 0.5))} | ${ms(percentile(through, 0.99))} |`,
  );
  console.log(
    `| PromptShelf, whole run (kept) | ${ms(percentile(throughTotal, 0.5))} | ${ms(percentile(throughTotal, 0.99))} |`,
  );

  const deadline = performance.now() + seconds * 1000;
  const totals: number[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const person = people[index % people.length] ?? first;
      while (performance.now() < deadline) {
        try {
          totals.push((await viaApp(person)).total);
        } catch {
          failed++;
        }
      }
    }),
  );
  console.log(
    `\n## Streamed runs a second (${clients} at once for ${seconds} s, each kept, ${chunks.length} pieces ${chunkDelayMs} ms apart)\n`,
  );
  console.log("| runs | runs/s | p50 ms | p99 ms | failed |");
  console.log("| ---: | ---: | ---: | ---: | ---: |");
  console.log(
    `| ${totals.length} | ${(totals.length / seconds).toFixed(1)} | ${ms(percentile(totals, 0.5))} | ${ms(percentile(totals, 0.99))} | ${failed} |`,
  );
} finally {
  await server.stop();
  await models.close();
}
