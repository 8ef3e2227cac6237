import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { projectRoot } from "../../server/project-root.ts";
import { type RawResponse, rawRequest } from "../../tests/support/raw-request.ts";

export interface CeilingServer {
  url: string;
  pid: number | undefined;
  /** Bytes of the (first) page as served (brotli). */
  bytes: number;
  stop(): Promise<void>;
}

/** Headers that belong to one connection or one moment, not to the page. */
const perResponse = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
const script = fileURLToPath(new URL("./ceiling-server.ts", import.meta.url));

/**
 * Fetches the app's pages once (the home page unless told), the way a browser asks for them,
 * and starts a bare Node http server in a process of its own that serves exactly those bytes
 * and headers, each page at its own path.
 */
export async function startCeiling(appUrl: string, paths = ["/"]): Promise<CeilingServer> {
  const pages = [];
  for (const path of paths) {
    const page = await rawRequest(`${appUrl}${path}`);
    if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
    pages.push({ path, headers: pageHeaders(page), bodyBase64: page.body.toString("base64") });
  }
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: projectRoot,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  child.send({ pages });
  const [message] = (await once(child, "message")) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${message.port}/`,
    pid: child.pid,
    bytes: Buffer.from(pages[0]?.bodyBase64 ?? "", "base64").length,
    async stop() {
      const exited = once(child, "exit");
      child.disconnect();
      await exited;
    },
  };
}

function pageHeaders(page: RawResponse) {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(page.headers)) {
    if (value !== undefined && !perResponse.has(name)) headers[name] = value;
  }
  return headers;
}
