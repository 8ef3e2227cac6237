import { randomUUID } from "node:crypto";
import type { ServerProcess } from "./server-process.ts";

/** A write the API acknowledged: 201 with the created prompt. */
export interface Acknowledged {
  id: string;
  promptText: string;
}

export interface WriteTally {
  acknowledged: Acknowledged[];
  /** Writes in flight when the process died: no answer, so either outcome is correct. */
  inFlightAtKill: string[];
  /** Failures before the kill, or answers other than 201: not expected at all. */
  unexpected: string[];
}

const requestTimeoutMs = 30_000;

/**
 * Runs `writers` concurrent loops, each POSTing its next prompt as soon as the last is
 * answered, as the signed-in user, and kills the server after `killAfterMs` mid-writes.
 */
export async function writeUntilKilled(options: {
  server: ServerProcess;
  cookie: string;
  cycle: number;
  writers: number;
  killAfterMs: number;
}): Promise<WriteTally> {
  const tally: WriteTally = { acknowledged: [], inFlightAtKill: [], unexpected: [] };
  let killed = false;
  const loops = Array.from({ length: options.writers }, async (_, writer) => {
    for (let n = 1; !killed; n++) {
      const promptText = `Chaos cycle ${options.cycle}, writer ${writer}, write ${n}: ${randomUUID()}`;
      try {
        const answer = await postPrompt(options.server, options.cookie, promptText);
        if (answer.ok) tally.acknowledged.push({ id: answer.id, promptText });
        else tally.unexpected.push(answer.problem);
      } catch (error) {
        if (killed) tally.inFlightAtKill.push(promptText);
        else tally.unexpected.push(`POST failed: ${reason(error)}`);
      }
    }
  });
  await new Promise((resolve) => setTimeout(resolve, options.killAfterMs));
  killed = true;
  await options.server.kill();
  await Promise.all(loops);
  return tally;
}

type PostAnswer = { ok: true; id: string } | { ok: false; problem: string };

async function postPrompt(
  server: ServerProcess,
  cookie: string,
  promptText: string,
): Promise<PostAnswer> {
  const response = await fetch(`${server.baseUrl}/api/v1/prompts`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: server.origin },
    body: JSON.stringify({ promptText, useCase: "Crash safety", shared: false }),
    signal: AbortSignal.timeout(requestTimeoutMs),
  });
  // The body is read in full before the write counts: a cut-off answer acknowledges nothing.
  const body = await response.text();
  if (response.status !== 201) {
    return { ok: false, problem: `POST answered ${response.status}: ${body.slice(0, 200)}` };
  }
  const created = JSON.parse(body) as { id?: unknown; promptText?: unknown };
  if (typeof created.id !== "string" || created.promptText !== promptText) {
    return { ok: false, problem: `POST answered 201 without the prompt: ${body.slice(0, 200)}` };
  }
  return { ok: true, id: created.id };
}

function reason(error: unknown) {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause ?? error.message;
}
