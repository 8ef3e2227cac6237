import { type RunEvent, runEvents } from "../../shared/run-events.ts";
import { asActor } from "./actors.ts";
import type { apiPerson } from "./api-person.ts";
import type { TestApp } from "./test-app.ts";

/** Settings a workbench test's app runs with: a fixed secret, and the stand-in on loopback allowed. */
export const workbenchEnv = {
  CONNECTION_SECRET: "test-connection-secret-0123456789",
  CONNECTIONS_PRIVATE_ADDRESSES: "allow",
};

type Person = Awaited<ReturnType<typeof apiPerson>>;

/** A connection of the person's to the stand-in, as the API makes it. */
export async function addConnection(
  person: Person,
  json: { kind?: string; baseUrl: string; apiKey?: string; name?: string; defaultModel?: string },
) {
  const res = await person.call("POST", "/api/v1/connections", {
    name: "Stand-in",
    kind: "openai-compatible",
    ...json,
  });
  if (res.status !== 201) throw new Error(`connection refused: ${res.status} ${res.text}`);
  return res.body as { id: string; hasKey: boolean };
}

/** POST /api/v1/runs with stream: true, and its events as they come. */
export async function streamRun(app: TestApp, person: Person, json: Record<string, unknown>) {
  const res = await app.request(
    "/api/v1/runs",
    asActor(person.actor, { method: "POST", json: { ...json, stream: true } }),
  );
  if (!res.body) throw new Error("no body");
  return { res, events: runEvents(res.body) };
}

/** Every event of a streamed run, to its end. */
export async function allEvents(events: AsyncGenerator<RunEvent>) {
  const seen: RunEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}
