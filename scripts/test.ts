// npm test: every suite, in order, stopping at the first failure.
import { spawnSync } from "node:child_process";

/**
 * The build goes first: it writes the route types the typecheck reads, and the unit tests load
 * its pages (TEST_PAGES_BUILD_DIRECTORY) instead of building the same pages again
 * (tests/support/app-build-setup.ts).
 */
const steps: [string, string, string[], Record<string, string>?][] = [
  ["Production build", "npm", ["run", "-s", "build"]],
  ["Typecheck and lint", "npm", ["run", "-s", "check"]],
  ["Unit and integration tests", "npx", ["vitest", "run"], { TEST_PAGES_BUILD_DIRECTORY: "build" }],
  ["Browser tests", "npm", ["run", "-s", "test:e2e:built"]],
];

const started = Date.now();
for (const [title, command, args, env] of steps) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds} s)`);
}
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
