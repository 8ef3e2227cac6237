import { browsePath } from "../../shared/browse.ts";
import { contentUpdated, landingPages } from "../../shared/landing-pages.ts";
import { pagePaths } from "../../shared/pages.ts";
import type { Database } from "../db/client.ts";
import type { PublicPrompt } from "../prompts/list-public-prompts.ts";
import { listingSections } from "./listing-sitemap.ts";
import { promptSitemapFiles } from "./prompt-sitemap-files.ts";
import { promptSitemapUrls } from "./prompt-sitemap-urls.ts";
import { refreshedValue } from "./refreshed-value.ts";
import type { SitemapEntry } from "./sitemap-xml.ts";

/** The protocol's limit of URLs per file. */
export const sitemapFileSize = 50_000;
/** How often the prompt files' bounds and dates are worked out again. */
export const sitemapRefreshMs = 5 * 60_000;

/**
 * A kind of sitemap file the index lists: `pages` is /sitemaps/pages.xml; a numbered kind such
 * as `prompts` is /sitemaps/prompts-1.xml, -2 and so on. Adding a kind (profiles, collections)
 * is one more entry in sitemapSections.
 */
export interface SitemapSection {
  name: string;
  numbered: boolean;
  /** Each file's last change (W3C date), in order; none when the kind has nothing to list. */
  files(): Promise<string[]>;
  /** File n's URLs (n from 1), batch by batch; undefined when there is no such file. */
  urls(n: number): Promise<AsyncIterable<SitemapEntry[]> | undefined>;
}

export interface SitemapOptions {
  db: Database;
  publicOrigin: string;
  publicPrompts: (category: string) => Promise<PublicPrompt[]>;
  /** URLs per prompt file: the protocol's limit, 50,000, unless a test asks for fewer. */
  fileSize: number;
  /** How long a pass over the prompts' order (the files' bounds and dates) is used. */
  refreshMs: number;
}

export function sitemapSections(options: SitemapOptions): SitemapSection[] {
  // The pass takes about a second at a million prompts: no request waits for it but the first.
  const allPromptFiles = refreshedValue(options.refreshMs, () =>
    promptSitemapFiles(options.db, options.fileSize),
  );
  const prompts: SitemapSection = {
    name: "prompts",
    numbered: true,
    files: async () => (await allPromptFiles()).map((file) => file.lastmod),
    async urls(n) {
      const file = (await allPromptFiles())[n - 1];
      if (!file) return undefined;
      return promptSitemapUrls({ ...options, file, origin: options.publicOrigin });
    },
  };
  const pages: SitemapSection = {
    name: "pages",
    numbered: false,
    files: async () => [
      newest((await publicPages(options, allPromptFiles)).map((page) => page.lastmod)),
    ],
    async urls(n) {
      if (n !== 1) return undefined;
      const entries = await publicPages(options, allPromptFiles);
      return (async function* () {
        yield entries;
      })();
    },
  };
  return [pages, prompts, ...listingSections(options)];
}

/**
 * Every public page at its own address, with its last change: a landing page's newest prompt,
 * the browse page's newest change among shared prompts, else when the page's own words last changed.
 */
async function publicPages(
  options: SitemapOptions,
  promptFiles: () => Promise<{ lastmod: string }[]>,
): Promise<SitemapEntry[]> {
  const landing = await Promise.all(
    landingPages.map(async (page) => {
      const created = (await options.publicPrompts(page.category))[0]?.createdAt.slice(0, 10);
      return [page.path, newest([created, contentUpdated.pages])] as const;
    }),
  );
  const lastmods = new Map<string, string>(landing);
  lastmods.set("/", contentUpdated.pages);
  const shared = (await promptFiles()).map((file) => file.lastmod);
  lastmods.set(browsePath, newest([...shared, contentUpdated.pages]));
  return pagePaths("public").map((path) => ({
    loc: `${options.publicOrigin}${path}`,
    lastmod: lastmods.get(path) ?? contentUpdated.legal,
  }));
}

function newest(dates: (string | undefined)[]) {
  return dates.reduce<string>((latest, date) => (date && date > latest ? date : latest), "");
}
