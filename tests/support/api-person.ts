import type { Hono } from "hono";
import type { Database } from "../../server/db/client.ts";
import { type Actor, asActor } from "./actors.ts";
import { createUser, signedInCookie } from "./factories.ts";

/** A new signed-in person and a small client for the JSON API, as their browser would call it. */
export async function apiPerson(
  db: Database,
  app: Pick<Hono, "request">,
  overrides: { email?: string } = {},
) {
  const user = await createUser(db, overrides);
  const actor: Actor = {
    name: "userA",
    userId: user.id,
    cookie: await signedInCookie(db, user.id),
  };
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await app.request(path, asActor(actor, { method, json }));
    const text = await res.text();
    return {
      status: res.status,
      text,
      headers: res.headers,
      body: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : null,
    };
  };
  /** A library file as the body of POST /api/v1/import (or its dry run). */
  const upload = async (path: string, file: string) => {
    const init = asActor(actor, { method: "POST" });
    const res = await app.request(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "content-type": "text/plain" },
      body: file,
    });
    return { status: res.status, body: await res.json() };
  };
  return { user, actor, call, upload };
}
