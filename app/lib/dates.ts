/** Building a DateTimeFormat is costly (it dominated page rendering); one per time zone is kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined) {
  const key = timeZone ?? "";
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone,
    });
    formatters.set(key, format);
  }
  return format;
}

/** "Nov 22, 2026", or "Unknown date". UTC on the server; the browser's own zone after hydration. */
export function formatDate(value: string | null | undefined, timeZone?: string) {
  if (!value) return "Unknown date";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "Unknown date" : formatter(timeZone).format(date);
}

/** The day in the browser's own time zone as 2026-11-23: what {{today}} fills a template with. */
export function localDay(date = new Date()) {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
