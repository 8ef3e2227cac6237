import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { projectRoot } from "../../server/project-root.ts";

/**
 * Builds the app's pages once per run, as `npm run build` does but into a directory of the run's
 * own, for every test file's app to load (test-app.ts). A Vite compiler in each test file instead
 * spent about 3.5 s of CPU compiling the same pages again, in each of a hundred files.
 *
 * `npm test` builds for production first and names that build in TEST_PAGES_BUILD_DIRECTORY
 * (scripts/test.ts): the run loads those pages instead of building the same ones again.
 */
export default async function setup(project: TestProject) {
  // Projects inherit this file from the root config; the root's build serves them all.
  if (!project.isRootProject()) return;
  const dir = await mkdtemp(join(tmpdir(), "promptshelf-test-build-"));
  let builds = 0;
  const build = async () => {
    // Each build has a path of its own, so a worker that kept the last one's modules loads anew.
    const buildDir = join(dir, String(++builds));
    await buildPages(buildDir);
    project.provide("pagesBuildPath", join(buildDir, "server/index.js"));
  };
  const built = process.env.TEST_PAGES_BUILD_DIRECTORY;
  if (built) {
    const path = resolve(projectRoot, built, "server/index.js");
    if (!existsSync(path)) throw new Error(`TEST_PAGES_BUILD_DIRECTORY has no pages: ${path}`);
    project.provide("pagesBuildPath", path);
  } else {
    await build();
  }
  // In watch mode a rerun may follow a change to the pages: build them again first.
  project.onTestsRerun(build);
  return () => rm(dir, { recursive: true, force: true });
}

function buildPages(dir: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn("npx", ["react-router", "build"], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: "production", PAGES_BUILD_DIRECTORY: dir },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`The pages did not build:\n${errors}`)),
    );
  });
}
