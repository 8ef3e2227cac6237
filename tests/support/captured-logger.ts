import { Writable } from "node:stream";
import { createLogger } from "../../server/logger.ts";

/** A logger writing its JSON lines into memory at level info, and what it wrote. */
export function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = createLogger({ level: "info", pretty: false, destination });
  return { log, written: () => lines.join("") };
}
