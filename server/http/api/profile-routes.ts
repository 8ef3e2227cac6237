import { createRoute } from "@hono/zod-openapi";
import type { Database } from "../../db/client.ts";
import { profileSettingsInput } from "../../profiles/profile-input.ts";
import { getProfileSettings, updateProfileSettings } from "../../profiles/profile-settings.ts";
import { apiRouter, jsonAnswer, jsonBody, refusals } from "./openapi.ts";
import { profileSettings } from "./shapes.ts";

const tags = ["Profile"];
const settings = jsonBody(
  profileSettingsInput,
  "Every setting. A handle is 3 to 30 of a-z, 0-9, `_` and `-`, unique whatever the case; a display name at most 50 characters. A public profile needs both.",
);

const read = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "Your public-profile settings",
  description: "With `avatarUrl`, the picture it would show.",
  responses: {
    200: jsonAnswer(profileSettings, "Your settings."),
    ...refusals({ unauthenticated: "Not signed in." }),
  },
});

const save = createRoute({
  method: "put",
  path: "/",
  tags,
  summary: "Change your public-profile settings",
  description:
    "A public profile's display name and handle pass the privacy check. Changing a handle frees the old one at once.",
  middleware: [settings.read] as const,
  request: { body: settings.request },
  responses: {
    200: jsonAnswer(profileSettings, "Your settings, saved."),
    ...refusals({
      invalid_input:
        "A handle someone else holds (`handle_taken`), a reserved one (`handle_reserved`), or a bad value.",
      unauthenticated: "Not signed in.",
      needs_confirmation: "The privacy check found something (`privacy_findings`).",
    }),
  },
});

/** /api/v1/profile: the viewer's own public-profile settings. */
export function profileRoutes(db: Database) {
  return apiRouter()
    .openapi(read, async (c) =>
      c.json(await getProfileSettings({ db, viewer: await c.get("viewer")() }), 200),
    )
    .openapi(save, async (c) => {
      const viewer = await c.get("viewer")();
      return c.json(await updateProfileSettings({ db, viewer, ...c.get("body") }), 200);
    });
}
