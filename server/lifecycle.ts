import type { Server } from "node:http";
import type { InFlightRequests } from "./http/in-flight.ts";
import type { Logger } from "./logger.ts";

const shutdownDeadlineMs = 10_000;
const drainMs = 8_000;

/**
 * On SIGTERM or SIGINT: readiness turns 503 (for `delayMs`, so load balancers notice), the
 * server stops accepting connections, in-flight requests finish, then the database closes and
 * the process exits 0.
 */
export function closeGracefullyOnSignals(options: {
  server: Server;
  log: Logger;
  delayMs: number;
  startDraining: () => void;
  inFlight: InFlightRequests;
  closeResources: () => Promise<void>;
}) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    options.log.info({ signal }, "shutting down");
    setTimeout(() => {
      options.log.error("shutdown took too long; exiting");
      options.log.flush();
      process.exit(1);
    }, options.delayMs + shutdownDeadlineMs).unref();

    options.startDraining();
    await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    await closeServer(options.server);
    // A handler can outlive its connection (the client left); it still needs the database.
    await options.inFlight.settled();
    await options.closeResources();
    options.log.info("shut down cleanly");
    // Logs are written asynchronously; the last lines must reach stdout before exit.
    options.log.flush(() => process.exit(0));
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets would hold the server open: close each one as soon as it is idle.
    server.closeIdleConnections();
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    const cutoff = setTimeout(() => server.closeAllConnections(), drainMs);
    server.once("close", () => {
      clearInterval(idleSweep);
      clearTimeout(cutoff);
    });
  });
}
