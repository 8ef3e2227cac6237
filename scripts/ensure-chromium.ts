// The browser suite needs Chromium. Debian's package is the one that works offline here;
// Playwright's own browser download does not. Never skip the suite silently.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { headlessShellPath } from "../tests/support/chromium-path.ts";

if (!existsSync(headlessShellPath)) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/etc/debian_version")) {
    console.log(
      `Chromium not found at ${headlessShellPath}; installing Debian's chromium-headless-shell package...`,
    );
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  if (!existsSync(headlessShellPath)) {
    console.error(
      `The browser tests need Chromium, and none was found at ${headlessShellPath}.\n` +
        "Install it (Debian/Ubuntu: sudo apt-get install chromium-headless-shell) or point CHROMIUM_PATH at a Chromium binary.",
    );
    process.exit(1);
  }
}
