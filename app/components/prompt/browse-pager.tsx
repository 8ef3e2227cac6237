import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.tsx";
import { cx } from "~/lib/cx.ts";
import {
  type BrowseQuery,
  browseCountMax,
  browseHref,
  browsePageSize,
  browsePagesMax,
} from "../../../shared/browse.ts";

/**
 * /prompts' pages: how many prompts the list holds (a search's matches are not counted), Previous
 * and Next, and the page numbers around this one with the first and the last, each a plain link
 * a crawler follows. Past `browsePagesMax` pages the oldest first, a search or a topic finds
 * the rest.
 */
export function BrowsePager(props: { query: BrowseQuery; hasNext: boolean; total: number | null }) {
  const { query, hasNext, total } = props;
  const last = lastPage(query.page, hasNext, total);
  if (last === 1) {
    return total ? <p className="mt-10 text-center text-sm text-muted">{counted(total)}</p> : null;
  }
  const href = (page: number) => browseHref({ ...query, page });
  return (
    <nav aria-label="Pages" className="mt-10 grid gap-3">
      <p className="text-center text-sm text-muted">
        {total === null
          ? `Page ${query.page}`
          : `${counted(total)} · page ${query.page} of ${last}`}
      </p>
      <div className="flex items-center justify-between gap-2">
        {query.page > 1 ? (
          <Link to={href(query.page - 1)} rel="prev" className={buttonClasses("secondary")}>
            Previous page
          </Link>
        ) : (
          <span />
        )}
        <ol className="hidden flex-wrap items-center justify-center gap-1 sm:flex">
          {pageNumbers(query.page, last).map((page, index) =>
            page === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
              <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-faint">
                …
              </li>
            ) : (
              <li key={page}>
                <Link
                  to={href(page)}
                  aria-label={`Page ${page}`}
                  aria-current={page === query.page ? "page" : undefined}
                  className={cx(
                    "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus",
                    page === query.page
                      ? "bg-accent text-on-accent"
                      : "text-fg-soft ring-1 ring-line hover:bg-subtle",
                  )}
                >
                  {page}
                </Link>
              </li>
            ),
          )}
        </ol>
        {query.page < last ? (
          <Link to={href(query.page + 1)} rel="next" className={buttonClasses("secondary")}>
            Next page
          </Link>
        ) : (
          <span />
        )}
      </div>
      {hasNext && query.page >= browsePagesMax ? <CapNote query={query} total={total} /> : null}
    </nav>
  );
}

/**
 * Said on the last page offered when more follow: how many of how many were shown, and the ways
 * to the rest (from the other end when the list is newest first).
 */
function CapNote(props: { query: BrowseQuery; total: number | null }) {
  const { query, total } = props;
  const shown = (browsePagesMax * browsePageSize).toLocaleString("en-US");
  const of = total ? `, ${shown} of ${counted(total)}` : "";
  const fromOldest = query.sort === "newest" && !query.q;
  return (
    <p className="text-center text-sm text-muted">
      That is {browsePagesMax} pages{of}.{" "}
      {fromOldest ? (
        <>
          <Link
            to={browseHref({ ...query, sort: "oldest", page: 1 })}
            className="font-medium text-accent-text underline"
          >
            Start from the oldest
          </Link>
          , search for a word or choose a topic to find the rest.
        </>
      ) : (
        "Search for a word or choose a topic to find the rest."
      )}
    </p>
  );
}

/** "1 prompt", "1,511 prompts", or "2,500+ prompts" past the count's limit. */
function counted(total: number) {
  if (total > browseCountMax) return `${browseCountMax.toLocaleString("en-US")}+ prompts`;
  return `${total.toLocaleString("en-US")} ${total === 1 ? "prompt" : "prompts"}`;
}

/**
 * The last page offered: the count's last page, at most `browsePagesMax`; for a search, whose
 * matches are not counted, the next page when there is one.
 */
export function lastPage(page: number, hasNext: boolean, total: number | null) {
  if (total === null) return hasNext && page < browsePagesMax ? page + 1 : page;
  return Math.max(1, Math.min(Math.ceil(total / browsePageSize), browsePagesMax));
}

/** The first and last page, and the pages either side of this one; null where pages are left out. */
export function pageNumbers(page: number, last: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, last])]
    .filter((n) => n >= 1 && n <= last)
    .sort((a, b) => a - b);
  const numbers: (number | null)[] = [];
  for (const n of shown) {
    const before = numbers.at(-1);
    if (typeof before === "number" && n - before > 1) numbers.push(n - before === 2 ? n - 1 : null);
    numbers.push(n);
  }
  return numbers;
}
