import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { inFlightRequests } from "../../server/http/in-flight.ts";
import { createNodeListener } from "../../server/http/node-listener.ts";
import { signedInMemory } from "./signed-in-memory.ts";
import { testLogger } from "./test-app.ts";

/**
 * The app behind the Node listener on a free port, as production serves it: public pages and
 * signed-in answers kept in memory and sent by the listener itself. `calls.count` counts the
 * requests that reached the app.
 */
export async function startTestListener(
  database: DatabaseHandle,
  options: { env?: Record<string, string> } = {},
) {
  const { config, feed, kept, app } = await signedInMemory(database, options);
  const calls = { count: 0 };
  const counted = {
    fetch: (request: Request, ...rest: unknown[]) => {
      calls.count++;
      return app.fetch(request, ...(rest as []));
    },
  };
  const server = createServer(
    createNodeListener({
      app: counted,
      config,
      log: testLogger(),
      inFlight: inFlightRequests(),
      isDraining: () => false,
      kept,
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    app,
    feed,
    origin,
    calls,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await feed.close();
    },
  };
}
