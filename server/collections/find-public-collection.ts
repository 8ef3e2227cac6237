import { and, asc, gte, lte, sql } from "drizzle-orm";
import { parseRef, uuidRange } from "../../shared/public-address.ts";
import type { Database } from "../db/client.ts";
import { collections } from "../db/schema.ts";
import { itemsOf, ownerOf, selectSummaries, toSummary } from "./collection-view.ts";

/**
 * The public collection an address's last segment (`<short id>-<slug>`) names, for its page: the
 * same for every visitor, so it reads no viewer. A private collection is not found, for its
 * owner too (they see it in their library). The slug may be old: the caller redirects.
 */
export async function findPublicCollection(options: { db: Database; ref: string }) {
  const ref = parseRef(options.ref);
  const range = ref && uuidRange(ref.short);
  if (!range) return undefined;
  const [row] = await selectSummaries(options.db)
    .where(
      and(
        gte(collections.id, range.from),
        lte(collections.id, range.to),
        sql`${collections.isPublic}`,
      ),
    )
    .orderBy(asc(collections.id))
    .limit(1);
  if (!row) return undefined;
  const [items, owner] = await Promise.all([
    itemsOf(options.db, row.id),
    ownerOf(options.db, row.userId),
  ]);
  return { ...toSummary(row), items, owner };
}
