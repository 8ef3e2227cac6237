import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { projectRoot } from "../../server/project-root.ts";
import { startServer } from "../support/start-server.ts";
import { signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

const payloads = [
  `<script>window.__xss = 'script'</script>`,
  `<img src=x onerror="window.__xss = 'img'">`,
  `"><svg onload="window.__xss = 'svg'">`,
  `javascript:window.__xss = 'href'`,
  `</textarea><script>window.__xss = 'textarea'</script>`,
  `{{constructor.constructor('window.__xss = 1')()}}`,
  `<iframe srcdoc="<script>parent.__xss = 'iframe'</script>">`,
];

/** Watches for any sign that a payload ran: a dialog, a global it set, or a CSP violation. */
async function watch(page: Page) {
  const signs: string[] = [];
  page.on("dialog", (dialog) => {
    signs.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __violations: string[] }).__violations ??= [];
      (window as unknown as { __violations: string[] }).__violations.push(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return async () => {
    const state = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: unknown }).__xss,
      violations: (window as unknown as { __violations?: string[] }).__violations ?? [],
    }));
    return [
      ...signs,
      ...(state.xss ? [`ran: ${state.xss}`] : []),
      ...state.violations.map((v) => `csp: ${v}`),
    ];
  };
}

test("payloads planted in every field a person controls never run, on any page that shows them", async ({
  page,
  browser,
}) => {
  // It plants every payload in every field, then opens ten pages: triple the usual time.
  test.slow();
  const evil = payloads.join(" ");
  const check = await watch(page);
  await signIn(page, { email: uniqueEmail("mallory"), name: `Mallory ${payloads[1]}` });
  const folder = await (
    await page.request.post("/api/v1/folders", { data: { name: payloads[0]?.slice(0, 60) } })
  ).json();
  for (const [index, payload] of payloads.entries()) {
    for (const shared of [false, true]) {
      const res = await page.request.post("/api/v1/prompts", {
        data: {
          promptText: `${payload} ${evil} {{${payload.slice(0, 20)}|${payload.slice(0, 20)}}}`,
          useCase: index % 2 ? "claude" : payload.slice(0, 35),
          shared,
        },
      });
      expect(res.status()).toBe(201);
      const prompt = await res.json();
      await page.request.post(`/api/v1/prompts/${prompt.id}/tags`, {
        data: { name: payload.slice(0, 32) },
      });
      await page.request.put(`/api/v1/prompts/${prompt.id}/folder`, {
        data: { folderId: folder.id },
      });
      await page.request.put(`/api/v1/prompts/${prompt.id}/favourite`);
    }
  }

  for (const path of [
    "/dashboard",
    `/dashboard?q=${encodeURIComponent(payloads[0] ?? "")}`,
    `/dashboard?folder=${folder.id}`,
    "/central",
    "/community",
    "/claude-prompts",
    "/favourites",
    "/settings",
    "/claude-prompt-library",
    "/",
  ]) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    const showMore = page.getByRole("button", { name: "Show more" });
    for (let open = 0; open < 50 && (await showMore.count()) > 0; open++)
      await showMore.first().click();
    expect(await check(), path).toEqual([]);
  }
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Use template" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await check(), "template dialog").toEqual([]);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminCheck = await watch(admin);
  await signIn(admin, { email: "admin@example.com" });
  await admin.goto("/admin");
  await expect(admin.getByRole("heading", { name: "Global Prompts" })).toBeVisible();
  expect(await adminCheck(), "/admin").toEqual([]);
  await adminContext.close();
});

test("the client bundle and pages carry no server secrets or configuration", async ({
  request,
}) => {
  const sentinel = `secret-${Date.now()}-sentinel`;
  const server = await startServer({
    GOOGLE_CLIENT_ID: "client-id-for-the-scan",
    GOOGLE_CLIENT_SECRET: sentinel,
    OIDC_ISSUER: "http://127.0.0.1:9/not-contacted",
  });
  try {
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (/\.(js|css|html|json|map)$/.test(entry.name)) files.push(path);
      }
    };
    await walk(join(projectRoot, "build/client"));
    expect(files.length).toBeGreaterThan(5);
    const forbidden = [
      sentinel,
      "GOOGLE_CLIENT_SECRET",
      "DATABASE_URL",
      "clientSecret",
      "ADMIN_EMAILS",
      "postgres://",
      "SESSION_IDLE_DAYS",
      "drizzle-orm",
      "oidc-provider",
    ];
    for (const file of files) {
      const text = await readFile(file, "utf8");
      for (const word of forbidden) expect(text.includes(word), `${word} in ${file}`).toBe(false);
    }
    for (const path of [
      "/",
      "/claude-prompt-library",
      "/login",
      "/privacy",
      "/_root.data",
      "/claude-prompt-library.data",
    ]) {
      const body = await (await request.get(`${server.url}${path}`)).text();
      for (const word of forbidden) expect(body.includes(word), `${word} in ${path}`).toBe(false);
    }
    const html = await (await request.get(`${server.url}/`)).text();
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "";
    const assetResponse = await request.get(`${server.url}${asset}`);
    expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(assetResponse.headers()["x-content-type-options"]).toBe("nosniff");
  } finally {
    await server.stop();
  }
});
