import type { Database } from "../../server/db/client.ts";
import { createUser, signedInCookie } from "./factories.ts";

export type ActorName = "visitor" | "userA" | "userB" | "admin";

export interface Actor {
  name: ActorName;
  userId: string | null;
  cookie: string;
}

/**
 * How an actor's request is authenticated: their browser's session cookie, or an access token
 * in its place (a visitor's "token" is one that was never issued).
 */
export type Credential = "session" | { token: string };

/** The four roles every authorization test runs as. admin@example.com is the test admin. */
export async function createActors(db: Database, adminEmail = "admin@example.com") {
  const make = async (name: ActorName, email: string): Promise<Actor> => {
    const user = await createUser(db, { email, name: name === "admin" ? "Site Admin" : null });
    return { name, userId: user.id, cookie: await signedInCookie(db, user.id) };
  };
  const suffix = Math.random().toString(36).slice(2, 8);
  return {
    visitor: { name: "visitor", userId: null, cookie: "" } as Actor,
    userA: await make("userA", `a-${suffix}@example.com`),
    userB: await make("userB", `b-${suffix}@example.com`),
    admin: await make("admin", adminEmail),
  };
}

/**
 * A request as the actor's browser would send it (our Origin on writes), or as a script would
 * with an access token (no cookie, no Origin).
 */
export function asActor(
  actor: Actor,
  init: { method?: string; json?: unknown; credential?: Credential } = {},
): RequestInit {
  const credential = init.credential ?? "session";
  const headers: Record<string, string> =
    credential === "session"
      ? { origin: "http://localhost:3000" }
      : { authorization: `Bearer ${credential.token}` };
  if (actor.cookie && credential === "session") headers.cookie = actor.cookie;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return {
    method: init.method ?? "GET",
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  };
}
