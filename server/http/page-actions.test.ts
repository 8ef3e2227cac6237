import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, createActors } from "../../tests/support/actors.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let actors: Awaited<ReturnType<typeof createActors>>;
let existingId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
  actors = await createActors(database.db);
  existingId = (await createPrompt(database.db, { userId: actors.userA.userId, isShared: true }))
    .id;
});
afterAll(async () => {
  await database.close();
});

async function snapshot() {
  return (await database.db.select().from(prompts)).sort((a, b) => a.id.localeCompare(b.id));
}

/** Bodies a form never sends: each must be refused with 400 and change nothing. */
const bodies = (): { name: string; contentType?: string; body: string | Blob }[] => [
  {
    name: "JSON",
    contentType: "application/json",
    body: JSON.stringify({ intent: "create", promptText: "Sent as JSON", useCase: "x" }),
  },
  {
    name: "JSON deleting",
    contentType: "application/json",
    body: JSON.stringify({ intent: "delete", id: existingId }),
  },
  {
    name: "text/plain",
    contentType: "text/plain;charset=UTF-8",
    body: "intent=create\r\npromptText=Sent as text\r\nuseCase=x\r\n",
  },
  {
    name: "multipart cut short",
    contentType: "multipart/form-data; boundary=cut",
    body: '--cut\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate\r\n--cut\r\nContent-Disposition: form-data; name="promptText"\r\n\r\nSent cut short',
  },
  {
    name: "multipart without a boundary",
    contentType: "multipart/form-data",
    body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate\r\n--x--\r\n',
  },
  {
    name: "multipart with a broken part header",
    contentType: "multipart/form-data; boundary=b",
    body: "--b\r\nContent-Disposition: nonsense\r\n\r\ncreate\r\n--b--\r\n",
  },
  { name: "no content type", body: new Blob(["intent=create&promptText=x"]) },
];

const pages: { page: string; actor: "userA" | "admin" }[] = [
  { page: "/dashboard", actor: "userA" },
  { page: "/central", actor: "userA" },
  { page: "/claude-prompts", actor: "userA" },
  { page: "/favourites", actor: "userA" },
  { page: "/dashboard", actor: "admin" },
  { page: "/admin", actor: "admin" },
];

describe("a page action sent anything but a form answers 400 and writes nothing", () => {
  it.each(pages.flatMap(({ page, actor }) => bodies().map(({ name }) => ({ page, actor, name }))))(
    "$page as $actor, $name",
    async ({ page, actor, name }) => {
      const sent = bodies().find((body) => body.name === name);
      if (!sent) throw new Error(name);
      const who: Actor = actors[actor];
      const headers: Record<string, string> = {
        origin: "http://localhost:3000",
        cookie: who.cookie,
      };
      if (sent.contentType) headers["content-type"] = sent.contentType;
      const before = await snapshot();
      for (const path of [page, `${page}.data`]) {
        const res = await app.request(path, { method: "POST", headers, body: sent.body });
        const text = await res.text();
        expect(res.status, `${path}: ${text.slice(0, 300)}`).toBe(400);
        expect(text).toContain("Please send the form as a web form");
      }
      expect(await snapshot()).toEqual(before);
    },
  );
});
