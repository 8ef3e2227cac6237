import { cpus } from "node:os";

/** What a result was measured on, for the reports of the bench, soak and chaos runs. */
export function machine() {
  return {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    platform: `${process.platform} ${process.arch}`,
  };
}
