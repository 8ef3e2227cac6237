import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { iconSprite } from "../../../scripts/icon-sprite.ts";
import { projectRoot } from "../../../server/project-root.ts";
import { iconSources } from "./icon-names.ts";

describe("the icon sprite", () => {
  const sprite = readFileSync(join(projectRoot, "app/components/ui/icons.svg"), "utf8");

  it("is the one the icon list makes (run npm run icons after changing the list)", () => {
    expect(sprite).toBe(iconSprite());
  });

  it("holds every listed icon, each with shapes", () => {
    for (const name of Object.keys(iconSources)) {
      expect(sprite).toMatch(
        new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><(path|rect|circle|line|polyline)`),
      );
    }
  });
});
