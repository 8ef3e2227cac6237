import { parse, serialize } from "hono/utils/cookie";

export interface CookieNames {
  session: string;
  signIn: string;
}

/** Over https the session cookie takes the __Host- prefix: Secure, no Domain, Path=/. */
export function cookieNames(https: boolean): CookieNames {
  return {
    session: https ? "__Host-ps_session" : "ps_session",
    signIn: https ? "__Host-ps_signin" : "ps_signin",
  };
}

export function readCookie(header: string | null | undefined, name: string) {
  return header ? parse(header, name)[name] : undefined;
}

export function sessionCookie(names: CookieNames, https: boolean, token: string, expiresAt: Date) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return serialize(names.session, token, {
    httpOnly: true,
    secure: https,
    sameSite: "Lax",
    path: "/",
    maxAge,
  });
}

export function expiredCookie(name: string, https: boolean) {
  return serialize(name, "", {
    httpOnly: true,
    secure: https,
    sameSite: "Lax",
    path: "/",
    maxAge: 0,
  });
}

export function signInCookie(
  names: CookieNames,
  https: boolean,
  id: string,
  maxAgeSeconds: number,
) {
  return serialize(names.signIn, id, {
    httpOnly: true,
    secure: https,
    sameSite: "Lax",
    path: "/",
    maxAge: maxAgeSeconds,
  });
}
