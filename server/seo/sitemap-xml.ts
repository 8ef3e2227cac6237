/** The pieces of sitemap XML (sitemaps.org protocol 0.9), written as text. */

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function xmlEscape(text: string) {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

/** A date as the protocol's W3C format at day precision (UTC). */
export function w3cDate(date: Date) {
  return date.toISOString().slice(0, 10);
}

export interface SitemapEntry {
  loc: string;
  lastmod: string;
}

export const urlsetStart =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const urlsetEnd = "</urlset>\n";

export function urlEntries(entries: SitemapEntry[]) {
  return entries
    .map(
      (entry) =>
        `  <url><loc>${xmlEscape(entry.loc)}</loc><lastmod>${entry.lastmod}</lastmod></url>\n`,
    )
    .join("");
}

export function sitemapIndex(entries: SitemapEntry[]) {
  const items = entries
    .map(
      (entry) =>
        `  <sitemap><loc>${xmlEscape(entry.loc)}</loc><lastmod>${entry.lastmod}</lastmod></sitemap>\n`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}</sitemapindex>\n`;
}
