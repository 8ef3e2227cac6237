/** The current query string with some parameters changed; any cursor is dropped (a new list). */
export function withSearch(search: string, change: (params: URLSearchParams) => void) {
  const params = new URLSearchParams(search);
  change(params);
  params.delete("cursor");
  const text = params.toString();
  return text ? `?${text}` : "?";
}
