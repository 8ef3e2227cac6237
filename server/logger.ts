import { pino } from "pino";

export type Logger = pino.Logger;

/** JSON lines to stdout, written asynchronously so logging never holds up a response. */
export function createLogger(options: { level: string; pretty: boolean }): Logger {
  const settings = {
    level: options.level,
    redact: ["req.headers.cookie", "req.headers.authorization", "*.token", "*.password"],
  };
  if (options.pretty) return pino({ ...settings, transport: { target: "pino-pretty" } });
  return pino(settings, pino.destination({ sync: false, minLength: 4096 }));
}
