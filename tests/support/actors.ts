import type { Database } from "../../server/db/client.ts";
import { createUser, signedInCookie } from "./factories.ts";

export type ActorName = "visitor" | "userA" | "userB" | "admin";

export interface Actor {
  name: ActorName;
  userId: string | null;
  cookie: string;
}

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

/** A request as the actor's browser would send it (our Origin on writes). */
export function asActor(actor: Actor, init: { method?: string; json?: unknown } = {}): RequestInit {
  const headers: Record<string, string> = { origin: "http://localhost:3000" };
  if (actor.cookie) headers.cookie = actor.cookie;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return {
    method: init.method ?? "GET",
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  };
}
