import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { displayNameMaxLength, handleMaxLength, reservedHandles } from "../../shared/profile.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { profiles, users } from "../db/schema.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const person = () => apiPerson(database.db, app);
const suffix = () => Math.random().toString(36).slice(2, 8);
const on = (handle: string, extra: object = {}) => ({
  isPublic: true,
  handle,
  displayName: "Ada Lovelace",
  showAvatar: false,
  ...extra,
});

describe("public profile settings", () => {
  it("start off, with no handle, and are saved for the person alone", async () => {
    const me = await person();
    await database.db
      .update(users)
      .set({ avatarUrl: "https://example.com/ada.png" })
      .where(eq(users.id, me.user.id));
    expect((await me.call("GET", "/api/v1/profile")).body).toEqual({
      isPublic: false,
      handle: null,
      displayName: null,
      showAvatar: false,
      avatarUrl: "https://example.com/ada.png",
    });
    const handle = `Ada_${suffix()}`;
    const saved = await me.call("PUT", "/api/v1/profile", on(`  ${handle} `, { showAvatar: true }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      isPublic: true,
      handle: handle.toLowerCase(),
      showAvatar: true,
    });
    // Another person's settings are their own.
    expect((await (await person()).call("GET", "/api/v1/profile")).body.handle).toBeNull();
  });

  it("refuses a handle someone else holds, whatever its case, and frees an old one", async () => {
    const first = await person();
    const second = await person();
    const handle = `grace-${suffix()}`;
    expect((await first.call("PUT", "/api/v1/profile", on(handle))).status).toBe(200);
    const taken = await second.call("PUT", "/api/v1/profile", on(handle.toUpperCase()));
    expect(taken.status).toBe(400);
    expect(taken.body.error.detail).toBe("handle_taken");
    // Saving one's own handle again is no clash.
    expect((await first.call("PUT", "/api/v1/profile", on(handle))).status).toBe(200);
    expect((await first.call("PUT", "/api/v1/profile", on(`${handle}-new`))).status).toBe(200);
    expect((await second.call("PUT", "/api/v1/profile", on(handle))).status).toBe(200);
  });

  it("holds handles and display names to their rules, and a public profile needs both", async () => {
    const me = await person();
    const longest = "h".repeat(handleMaxLength - 6) + suffix();
    expect(
      (
        await me.call(
          "PUT",
          "/api/v1/profile",
          on(longest, { displayName: "d".repeat(displayNameMaxLength) }),
        )
      ).status,
    ).toBe(200);
    const refusals: [object, string | undefined][] = [
      [on(`${longest}x`), undefined],
      [on("ab"), undefined],
      [on("has space"), undefined],
      [on("dots.are.out"), undefined],
      [on("émile"), undefined],
      [on("ADMIN"), "handle_reserved"],
      [on("settings"), "handle_reserved"],
      [on(`ok-${suffix()}`, { displayName: "d".repeat(displayNameMaxLength + 1) }), undefined],
      [on(`ok-${suffix()}`, { displayName: "  " }), undefined],
      [{ isPublic: true, handle: null, displayName: "Ada", showAvatar: false }, undefined],
      [
        { isPublic: true, handle: `ok-${suffix()}`, displayName: null, showAvatar: false },
        undefined,
      ],
      [{ isPublic: "yes", handle: null, displayName: null, showAvatar: false }, undefined],
    ];
    for (const [json, detail] of refusals) {
      const res = await me.call("PUT", "/api/v1/profile", json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.code).toBe("invalid_input");
      if (detail) expect(res.body.error.detail).toBe(detail);
    }
    expect(reservedHandles.has("api")).toBe(true);
    // Off needs nothing: the handle may be kept or cleared.
    expect(
      (
        await me.call("PUT", "/api/v1/profile", {
          isPublic: false,
          handle: null,
          displayName: null,
          showAvatar: false,
        })
      ).status,
    ).toBe(200);
    const [row] = await database.db.select().from(profiles).where(eq(profiles.id, me.user.id));
    expect(row).toMatchObject({ isPublic: false, handle: null });
  });

  it("needs a signed-in person", async () => {
    const res = await app.request("/api/v1/profile");
    expect(res.status).toBe(401);
  });
});
