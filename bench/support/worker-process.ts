import { spawn } from "node:child_process";
import { projectRoot } from "../../server/project-root.ts";

/**
 * Runs a TypeScript worker in a second process, so the load it makes does not compete with this
 * one's event loop: the job goes on its standard input (ten thousand paths are more than an
 * argument may hold), and its figures come back as the last line it prints, JSON.
 */
export function workerResult<T>(worker: string, job: unknown, name: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", worker], {
      cwd: projectRoot,
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stdin.end(JSON.stringify(job));
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      const line = stdout.trim().split("\n").at(-1);
      if (code !== 0 || !line) {
        reject(new Error(`${name} exited with ${code}\n${stderr}`));
        return;
      }
      resolve(JSON.parse(line) as T);
    });
  });
}
