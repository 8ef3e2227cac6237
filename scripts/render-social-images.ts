// Renders the Open Graph images (1200×630) for the site and each landing page into public/social/.
// Run after changing a landing page's wording: tsx scripts/render-social-images.ts
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { chromium } from "@playwright/test";
import { projectRoot } from "../server/project-root.ts";
import { landingPages } from "../shared/landing-pages.ts";
import { chromiumPath } from "../tests/support/chromium-path.ts";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function card(heading: string, highlight: string, kicker: string) {
  return `<!doctype html><html><body style="margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:space-between;box-sizing:border-box;padding:72px;background:linear-gradient(135deg,#eef2ff 0%,#ffffff 55%,#e0e7ff 100%);font-family:'DejaVu Sans',system-ui,sans-serif;color:#0f172a">
  <div style="display:flex;align-items:center;gap:20px;font-size:40px;font-weight:700">
    <svg viewBox="0 0 32 32" width="64" height="64"><rect width="32" height="32" rx="7" fill="#4f46e5"/><path d="M9 8h9a5 5 0 0 1 0 10h-5v6H9zm4 4v2h5a1 1 0 0 0 0-2z" fill="#fff"/></svg>
    PromptShelf
  </div>
  <div>
    <div style="font-size:28px;font-weight:600;color:#4338ca;text-transform:uppercase;letter-spacing:2px">${escapeHtml(kicker)}</div>
    <div style="margin-top:16px;font-size:68px;font-weight:800;line-height:1.1">${escapeHtml(heading)} <span style="color:#4f46e5">${escapeHtml(highlight)}</span></div>
  </div>
</body></html>`;
}

const images = [
  {
    file: "site.png",
    html: card("Keep, find and share the prompts", "that work", "Your AI prompt library"),
  },
  ...landingPages.map((page) => ({
    file: `${page.path.slice(1)}.png`,
    html: card(page.hero.heading, page.hero.highlight, page.label),
  })),
];

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
for (const image of images) {
  const path = join(projectRoot, "public/social", image.file);
  await mkdir(dirname(path), { recursive: true });
  await page.setContent(image.html);
  await page.screenshot({ path, type: "png" });
  console.log(`wrote ${path}`);
}
await browser.close();
