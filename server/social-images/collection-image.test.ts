import { afterAll, beforeAll, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import type { TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { ChangeFeed } from "../live/change-feed.ts";
import { collectionImageFields, imageVersion } from "./image-fields.ts";
import { renderSocialImage } from "./render-social-image.ts";

// Issue 39: a collection's social image kept showing a renamed or deleted item, or its owner's
// old name, until the collection itself was edited. What the image draws is compared with a
// render of the text it should draw: the same fields make the same bytes.

let database: DatabaseHandle;
let feed: ChangeFeed;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  // Pages kept in memory as the server keeps them, dropped as the database announces changes.
  ({ feed, app } = await signedInMemory(database));
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

/** The collection's page, and the image its og:image names, as a crawler reads them. */
async function shown(path: string) {
  const page = await (await app.request(path)).text();
  const address = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1];
  if (!address) throw new Error(`no og:image in ${page.slice(0, 300)}`);
  const url = new URL(address);
  const image = await app.request(`${url.pathname}${url.search}`);
  expect(image.status).toBe(200);
  return { page, address, bytes: Buffer.from(await image.arrayBuffer()) };
}

/** What the image of a collection with no description should draw: its items' titles. */
function drawing(titles: string[], creator: string) {
  return renderSocialImage({
    kicker: `Collection · ${titles.length} ${titles.length === 1 ? "prompt" : "prompts"}`,
    title: "Writing kit",
    excerpt: titles.join(" · "),
    creator,
  });
}

it("draws what the collection shows now: items renamed or deleted, the owner renamed", async () => {
  const owner = await apiPerson(database.db, app);
  const profile = (displayName: string) =>
    owner.call("PUT", "/api/v1/profile", {
      isPublic: true,
      handle: `kit${owner.user.id.slice(0, 8)}`,
      displayName,
      showAvatar: false,
    });
  expect((await profile("Ada Collector")).status).toBe(200);
  const share = async (useCase: string, promptText: string) =>
    (await owner.call("POST", "/api/v1/prompts", { useCase, promptText, shared: true })).body
      .id as string;
  const summary = await share("Summariser", "Summarise this in three points.");
  const titles = await share("Title ideas", "Suggest five titles for this post.");
  const made = await owner.call("POST", "/api/v1/collections", {
    title: "Writing kit",
    isPublic: true,
  });
  expect(made.status).toBe(201);
  for (const promptId of [summary, titles]) {
    const added = await owner.call("POST", `/api/v1/collections/${made.body.id}/items`, {
      promptId,
      note: "",
    });
    expect(added.status).toBe(201);
  }
  const path = made.body.path as string;

  const first = await shown(path);
  expect(first.bytes.equals(await drawing(["Summariser", "Title ideas"], "Ada Collector"))).toBe(
    true,
  );

  // An item's prompt renamed: once the page shows the new title, so does its image.
  await owner.call("PATCH", `/api/v1/prompts/${summary}`, { useCase: "Summary maker" });
  const renamed = await eventually(
    () => shown(path),
    (now) => now.page.includes("Summary maker"),
  );
  expect(
    renamed.bytes.equals(await drawing(["Summary maker", "Title ideas"], "Ada Collector")),
  ).toBe(true);
  // A new address too, so caches that kept the old image for a day do not send it again.
  expect(renamed.address).not.toBe(first.address);

  // An item's prompt deleted.
  await owner.call("DELETE", `/api/v1/prompts/${titles}`);
  const fewer = await eventually(
    () => shown(path),
    (now) => !now.page.includes("Title ideas"),
  );
  expect(fewer.bytes.equals(await drawing(["Summary maker"], "Ada Collector"))).toBe(true);

  // The owner's name.
  expect((await profile("Ada Lovelace")).status).toBe(200);
  const owned = await eventually(
    () => shown(path),
    (now) => now.page.includes("Ada Lovelace"),
  );
  expect(owned.bytes.equals(await drawing(["Summary maker"], "Ada Lovelace"))).toBe(true);

  // Its ETag names what it draws: a client holding this image is told it has it.
  const fields = collectionImageFields({
    title: "Writing kit",
    description: "",
    items: [{ prompt: { title: "Summary maker" } }],
    owner: { displayName: "Ada Lovelace" },
  });
  const address = new URL(owned.address);
  const again = await app.request(`${address.pathname}${address.search}`, {
    headers: { "if-none-match": `"${imageVersion(fields)}"` },
  });
  expect(again.status).toBe(304);
  expect(address.searchParams.get("v")).toBe(imageVersion(fields));
});
