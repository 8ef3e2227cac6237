// The ceiling: a bare Node http server answering each page's path with that page's bytes and
// headers (any other path with the first page's), in its own process like the app. It receives
// them over IPC and answers with its port.
// usage: spawned by bench/support/ceiling.ts
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

interface CeilingPage {
  path: string;
  headers: Record<string, string | string[]>;
  bodyBase64: string;
}

process.once("message", (message) => {
  const answers = new Map(
    (message as { pages: CeilingPage[] }).pages.map((page) => {
      const body = Buffer.from(page.bodyBase64, "base64");
      return [
        page.path,
        { body, headers: { ...page.headers, "content-length": String(body.length) } },
      ];
    }),
  );
  const first = answers.values().next().value;
  if (!first) throw new Error("the ceiling needs a page");
  const server = createServer((request, response) => {
    const { body, headers } = answers.get(request.url ?? "/") ?? first;
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
