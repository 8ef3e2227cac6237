import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPrompt, createUser, viewerFor } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { dailyPrompts, prompts } from "../db/schema.ts";
import { communityHighlights } from "./community-highlights.ts";
import { highlightsForViewer } from "./highlights-for-viewer.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it("never shows a prompt of the day withdrawn from the community since it was picked", async () => {
  const owner = await createUser(database.db);
  const day = "2026-01-15";
  const now = new Date(`${day}T12:00:00Z`);
  // Picked a week ago's prompt, so it is the day's pick and not among the last day's shares.
  const pick = await createPrompt(database.db, {
    userId: owner.id,
    isShared: true,
    createdAt: new Date(now.getTime() - 7 * 24 * 3600_000),
  });
  await database.db.insert(dailyPrompts).values({ day, promptId: pick.id });
  expect((await communityHighlights({ db: database.db, now })).promptOfTheDay?.id).toBe(pick.id);

  // Made personal again (what the database allows, and collections already hide).
  await database.db.update(prompts).set({ isShared: false }).where(eq(prompts.id, pick.id));
  const highlights = await communityHighlights({ db: database.db, now });
  expect(highlights.promptOfTheDay).toBeNull();
  const stranger = await createUser(database.db);
  const seen = await highlightsForViewer({
    db: database.db,
    viewer: viewerFor(stranger),
    highlights: { ...highlights, promptOfTheDay: { ...pick, id: pick.id } as never },
  });
  expect(seen.promptOfTheDay).toBeNull();
});
