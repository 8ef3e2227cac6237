import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "../../server/db/client.ts";
import { inFlightRequests } from "../../server/http/in-flight.ts";
import { createNodeListener } from "../../server/http/node-listener.ts";
import { createTestApp, testConfig, testKeptAnswers, testLogger } from "./test-app.ts";

/**
 * The app listening on a real port, with the development identity provider in front: what a
 * sign-in through the development provider needs, since the app talks to it over HTTP.
 */
export async function startTestServer(options: {
  db: Database;
  env?: Record<string, string>;
  /** Stores rendered prompt pages in the database, as the production server does. */
  storesPages?: boolean;
}) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const config = testConfig({ PUBLIC_URL: origin, ...options.env });
  const kept = testKeptAnswers(
    config,
    options.storesPages ? { stored: { db: options.db, build: "test-build" } } : {},
  );
  const app = await createTestApp({ db: options.db, config, kept });
  server.on(
    "request",
    createNodeListener({
      app,
      config,
      log: testLogger(),
      inFlight: inFlightRequests(),
      isDraining: () => false,
      kept,
    }),
  );
  return {
    origin,
    config,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
