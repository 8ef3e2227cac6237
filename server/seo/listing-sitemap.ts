import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { collectionPath } from "../../shared/public-address.ts";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { prompts } from "../db/schema.ts";
import { sharedNow } from "../prompts/prompt-access.ts";
import { refreshedValue } from "./refreshed-value.ts";
import type { SitemapOptions, SitemapSection } from "./sitemap-sections.ts";
import { w3cDate } from "./sitemap-xml.ts";

/** Rows per read while a file is written. */
const batchSize = 5_000;

interface Listing {
  name: string;
  /** Rows of (id, key, lastmod): what is listed, one row per page. */
  rows: SQL;
  path(row: { id: string; key: string }): string;
}

/** A profile's shared prompts. */
const shares = alias(prompts, "s");

/**
 * Public profiles: only people who turned theirs on, and never by anything but the handle they
 * chose. A profile changes when it is edited and when its person shares a prompt (the newest
 * share, read off the owner's index).
 */
const profiles: Listing = {
  name: "profiles",
  rows: sql`select p.id, p.handle as key, greatest(p.updated_at, (
      select ${shares.createdAt} from ${prompts} as ${shares}
      where ${shares.userId} = p.id and ${sharedNow(shares)}
      order by ${shares.createdAt} desc limit 1)) as lastmod
    from profiles p where p.is_public and p.handle is not null`,
  path: (row) => `/u/${row.key}`,
};

/** Public collections, at their addresses. */
const collections: Listing = {
  name: "collections",
  rows: sql`select c.id, c.title as key, c.updated_at as lastmod
    from collections c where c.is_public`,
  path: (row) => collectionPath({ id: row.id, title: row.key }),
};

/**
 * The sitemap sections of public profiles and collections: numbered files of `fileSize`
 * addresses in id order, whose count and dates are worked out every `refreshMs` in one pass.
 * There are far fewer of either than of prompts, so a file is found by its offset.
 */
export function listingSections(options: SitemapOptions): SitemapSection[] {
  return [profiles, collections].map((listing) => listingSection(listing, options));
}

function listingSection(listing: Listing, options: SitemapOptions): SitemapSection {
  const size = sql.raw(String(options.fileSize));
  const files = refreshedValue(options.refreshMs, async () =>
    rowsOf<{ lastmod: Date | string }>(
      await options.db.execute(sql`
        select max(lastmod) as lastmod
        from (select lastmod, (row_number() over (order by id) - 1) / ${size} as file
              from (${listing.rows}) as listed) as numbered
        group by file order by file`),
    ).map((row) => w3cDate(new Date(row.lastmod))),
  );
  return {
    name: listing.name,
    numbered: true,
    files,
    async urls(n) {
      if (!Number.isInteger(n) || n < 1 || n > (await files()).length) return undefined;
      return readFile(options.db, listing, (n - 1) * options.fileSize, options);
    },
  };
}

async function* readFile(
  db: Database,
  listing: Listing,
  start: number,
  options: Pick<SitemapOptions, "fileSize" | "publicOrigin">,
) {
  for (let offset = 0; offset < options.fileSize; offset += batchSize) {
    const limit = Math.min(batchSize, options.fileSize - offset);
    const rows = rowsOf<{ id: string; key: string; lastmod: Date | string }>(
      await db.execute(sql`
        select id, key, lastmod from (${listing.rows}) as listed
        order by id offset ${start + offset} limit ${limit}`),
    );
    if (rows.length > 0) {
      yield rows.map((row) => ({
        loc: `${options.publicOrigin}${listing.path(row)}`,
        lastmod: w3cDate(new Date(row.lastmod)),
      }));
    }
    if (rows.length < limit) return;
  }
}
