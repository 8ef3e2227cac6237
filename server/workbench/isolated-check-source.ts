/**
 * The code of the worker thread that runs what could take unbounded time on a person's input:
 * a regular expression (backtracking: `(a+)+$` on "aaaa…b" takes years) and a JSON Schema
 * (whose `pattern`s are regular expressions too). It is plain JavaScript, run with `eval`, so it
 * needs no build step of its own in development, tests or the bundled server; Ajv is loaded by
 * the path the server resolved. Each job gets a worker of its own, ended when its time is up.
 */
export const isolatedCheckSource = `
const { parentPort, workerData } = require("node:worker_threads");
parentPort.once("message", (job) => {
  try {
    // Loading Ajv is not the person's doing: the clock starts once it is loaded.
    const loaded = job.kind === "regex" ? null : require(workerData.ajvPath);
    parentPort.postMessage({ ready: true });
    if (job.kind === "regex") {
      parentPort.postMessage({ ok: new RegExp(job.pattern, job.flags).test(job.text) });
      return;
    }
    const Ajv = loaded.default || loaded;
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(job.schema);
    if (job.kind === "compile") {
      parentPort.postMessage({ ok: true });
      return;
    }
    const ok = validate(job.data);
    const errors = ok ? [] : (validate.errors || []).slice(0, 5).map(
      (e) => (e.instancePath || "the answer") + " " + e.message
    );
    parentPort.postMessage({ ok, errors });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;
