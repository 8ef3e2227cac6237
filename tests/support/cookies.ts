/** The Set-Cookie lines of a response. */
export function setCookies(response: Response) {
  return response.headers.getSetCookie();
}

/** "name=value" for the cookie a response set, or undefined when it set none (or cleared it). */
export function cookiePair(response: Response, name: string) {
  const line = setCookies(response).find((cookie) => cookie.startsWith(`${name}=`));
  const pair = line?.split(";")[0];
  return pair && pair !== `${name}=` ? pair : undefined;
}

/** Keeps cookies across requests to one site, like a browser (paths and domains ignored). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response) {
    for (const line of setCookies(response)) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1);
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get(name: string) {
    return this.cookies.get(name);
  }
}
