/** The same server and credentials, another database. */
export function databaseUrlFor(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}
