// The ceiling: a bare Node http server answering every request with the same bytes and headers,
// in its own process like the app. It receives them over IPC and answers with its port.
// usage: spawned by bench/support/ceiling.ts
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

interface CeilingPage {
  headers: Record<string, string | string[]>;
  bodyBase64: string;
}

process.once("message", (message) => {
  const page = message as CeilingPage;
  const body = Buffer.from(page.bodyBase64, "base64");
  const headers = { ...page.headers, "content-length": String(body.length) };
  const server = createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  process.once("disconnect", () => {
    server.closeAllConnections();
    server.close();
  });
});
