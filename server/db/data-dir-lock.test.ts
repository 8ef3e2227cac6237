import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptshelf-lock-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it("refuses a second holder while the first holds the lock, and names its pid", async () => {
  const first = await lockDataDir(dir);
  await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
  await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${process.pid})`);
  await first.release();
  const second = await lockDataDir(dir);
  await second.release();
});

it("takes over a lock left by a process killed with SIGKILL", async () => {
  const socketPath = join(dir, "promptshelf.lock");
  const holder = spawn(process.execPath, [
    "-e",
    `require("node:net").createServer((s) => s.end("4242")).listen(${JSON.stringify(socketPath)}, () => console.log("held"))`,
  ]);
  await new Promise((resolve) => holder.stdout.once("data", resolve));
  await expect(lockDataDir(dir)).rejects.toThrow("(pid 4242)");
  holder.kill("SIGKILL");
  await new Promise((resolve) => holder.once("exit", resolve));
  expect(existsSync(socketPath)).toBe(true);

  const lock = await lockDataDir(dir);
  await lock.release();
});
