import { Hono } from "hono";
import { expect, it } from "vitest";
import { capturedLogger } from "../../tests/support/captured-logger.ts";
import type { AppEnv } from "./app-env.ts";
import { requestLogging } from "./request-logging.ts";

/** An app that logs through requestLogging into memory; its one route fails once aborted. */
function loggedApp() {
  const { log, written } = capturedLogger();
  const app = new Hono<AppEnv>();
  app.use(requestLogging(log));
  app.get("/page", async (c) => {
    const { signal } = c.req.raw;
    if (c.req.query("leave") !== undefined) {
      await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
    }
    // As React Router does with a render cut short.
    const failed = signal.aborted || c.req.query("fail") !== undefined;
    return c.text(failed ? "failed" : "ok", failed ? 500 : 200);
  });
  const logged = () =>
    written()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { level: number; status: number });
  return { app, logged };
}

it("logs a request whose client left as 499 on an info line, not as the server's error", async () => {
  const { app, logged } = loggedApp();
  const leaving = new AbortController();
  const answer = app.request(
    new Request("http://localhost/page?leave", { signal: leaving.signal }),
  );
  leaving.abort();
  await answer;

  expect(logged()).toEqual([expect.objectContaining({ status: 499, level: 30 })]);
});

it("logs a failure the client waited for as the error it is", async () => {
  const { app, logged } = loggedApp();
  expect((await app.request("http://localhost/page")).status).toBe(200);
  expect((await app.request("http://localhost/page?fail")).status).toBe(500);

  expect(logged()).toEqual([
    expect.objectContaining({ status: 200, level: 30 }),
    expect.objectContaining({ status: 500, level: 50 }),
  ]);
});
