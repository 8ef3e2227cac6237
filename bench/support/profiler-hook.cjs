// Loaded into the production server by bench/render-profile.ts (NODE_OPTIONS=--require): samples
// its CPU with the inspector's profiler from the start. Each SIGUSR2 writes what was sampled
// since the last one to $PROFILE_DIR/<pid>-<n>.cpuprofile and starts sampling afresh, so the
// tool can keep the measured load's samples apart from the warm-up's.
const inspector = require("node:inspector");
const { mkdirSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");

const directory = process.env.PROFILE_DIR;
const session = new inspector.Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 200 });
session.post("Profiler.start");
let written = 0;
process.on("SIGUSR2", () => {
  session.post("Profiler.stop", (error, result) => {
    if (!error && directory) {
      mkdirSync(directory, { recursive: true });
      const file = join(directory, `${process.pid}-${++written}.cpuprofile`);
      writeFileSync(file, JSON.stringify(result.profile));
    }
    session.post("Profiler.start");
  });
});
