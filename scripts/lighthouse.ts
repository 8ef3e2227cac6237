// npm run lighthouse: Lighthouse (mobile settings, simulated throttling) on the production build,
// for the home page, one landing page, /prompts, a shared prompt's page and a public profile, in
// the light and the dark theme, with the compressed weight of each page's HTML, CSS and JS.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { projectRoot } from "../server/project-root.ts";
import { chromiumPath } from "../tests/support/chromium-path.ts";
import { startServer } from "../tests/support/start-server.ts";
import { publicPagesToMeasure } from "./support/lighthouse-pages.ts";

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

// A person with a public profile shares a real prompt first, through development sign-in; then
// the pages are measured as deployed, with Google sign-in configured (no development notice).
const dataDir = join(await mkdtemp(join(tmpdir(), "promptshelf-lighthouse-")), "data");
const paths = await publicPagesToMeasure(dataDir);
const server = await startServer({
  DATA_DIR: dataDir,
  GOOGLE_CLIENT_ID: "lighthouse",
  GOOGLE_CLIENT_SECRET: "lighthouse",
});
// The dark run's browser reports prefers-color-scheme: dark, as a phone set to dark mode does.
const themes = { light: [], dark: ["--force-dark-mode"] } as const;

const rows: string[] = [];
const report: Record<string, unknown> = {};
let failed = false;
try {
  for (const [theme, flags] of Object.entries(themes)) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        ...flags,
      ],
    });
    try {
      for (const path of paths) await measure(chrome.port, theme, path);
    } finally {
      chrome.kill();
    }
  }
} finally {
  await server.stop();
}

async function measure(port: number, theme: string, path: string) {
  const result = await lighthouse(`${server.url}${path}`, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  const scores = categories.map((category) =>
    Math.round((lhr.categories[category]?.score ?? 0) * 100),
  );
  const requests = networkRequests(lhr.audits["network-requests"]?.details);
  const weight = (type: string) =>
    requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + r.transferSize, 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  rows.push(
    `| ${path} | ${theme} | ${scores.join(" | ")} | ${kb(weight("Document"))} | ${kb(weight("Stylesheet"))} | ${kb(weight("Script"))} | ${kb(weight("Font"))} |`,
  );
  report[`${path} (${theme})`] = {
    scores: Object.fromEntries(categories.map((category, i) => [category, scores[i]])),
    bytes: {
      html: weight("Document"),
      css: weight("Stylesheet"),
      js: weight("Script"),
      font: weight("Font"),
    },
    metrics: Object.fromEntries(
      [
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
      ].map((id) => [id, lhr.audits[id]?.displayValue]),
    ),
    failedAudits: Object.values(lhr.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary",
      )
      .map((audit) => audit.id),
  };
  const [performance, accessibility, bestPractices, seo] = scores;
  if ((performance ?? 0) < 95 || accessibility !== 100 || bestPractices !== 100 || seo !== 100)
    failed = true;
}

console.log(
  "\n| page | theme | performance | accessibility | best practices | SEO | HTML | CSS | JS | font |",
);
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows) console.log(row);
console.log(`\n${JSON.stringify(report, null, 2)}`);
await mkdir(join(projectRoot, "bench/results"), { recursive: true });
await writeFile(
  join(projectRoot, "bench/results/lighthouse.json"),
  `${JSON.stringify(report, null, 2)}\n`,
);
if (failed) {
  console.error("\nBelow target: performance ≥ 95, accessibility, best practices and SEO 100.");
  process.exit(1);
}

function networkRequests(details: unknown) {
  return (
    (details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ??
    []
  );
}
