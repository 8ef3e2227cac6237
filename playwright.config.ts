import { defineConfig, devices } from "@playwright/test";
import { headlessShellPath } from "./tests/support/chromium-path.ts";

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Limits for what never happens, not races with what is slow: on two cores shared with two
  // other test runs a page took seconds to answer, and walking 50 pages or importing
  // prompts.csv over a minute. A waiting expect returns as soon as it holds.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    // A failed test's trace keeps each step's page (DOM snapshots), its requests and console, but
    // not a film of every frame painted: recording that was a sixth of the browser suite's CPU
    // time (the compositor encoding each frame), for pictures the snapshots show as well.
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: headlessShellPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
});
