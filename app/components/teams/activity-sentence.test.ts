import { describe, expect, it } from "vitest";
import type { TeamActivityEntry } from "../../../shared/teams.ts";
import { activitySentence } from "./activity-sentence.ts";

const ana = { id: "a", name: "Ana" };
const entry = (over: Partial<TeamActivityEntry>): TeamActivityEntry => ({
  id: "1",
  action: "prompt_edited",
  at: "2026-05-01T10:00:00.000Z",
  actor: ana,
  promptId: null,
  subjectUserId: null,
  subject: null,
  detail: {},
  ...over,
});
const names: Record<string, string> = { b: "Ben", c: "carol@example.com" };
const nameOf = (id: string) => names[id];

describe("a team's log as sentences", () => {
  it("names the prompt, the people and the roles", () => {
    expect(activitySentence(entry({ detail: { title: "Cover letter" } }), nameOf)).toBe(
      "Ana edited “Cover letter”",
    );
    expect(
      activitySentence(entry({ action: "member_joined", detail: { role: "editor" } }), nameOf),
    ).toBe("Ana joined as an editor");
    expect(
      activitySentence(
        entry({ action: "prompt_shared", detail: { title: "Cover letter" } }),
        nameOf,
      ),
    ).toBe("Ana shared “Cover letter” with the community");
    expect(
      activitySentence(
        entry({ action: "prompt_unshared", detail: { title: "Cover letter" } }),
        nameOf,
      ),
    ).toBe("Ana withdrew “Cover letter” from the community");
    expect(
      activitySentence(
        entry({
          action: "role_changed",
          subjectUserId: "b",
          detail: { from: "editor", to: "viewer" },
        }),
        nameOf,
      ),
    ).toBe("Ana made Ben a viewer");
    expect(
      activitySentence(
        entry({ action: "invitation_created", detail: { role: "viewer", maxUses: 5 } }),
        nameOf,
      ),
    ).toBe("Ana made an invitation link for 5 viewers");
    expect(
      activitySentence(
        entry({ action: "prompt_restored", detail: { title: "Brief", version: 2 } }),
        nameOf,
      ),
    ).toBe("Ana restored “Brief” to version 2");
  });

  it("says who is gone without naming them wrongly", () => {
    expect(activitySentence(entry({ action: "member_removed", subjectUserId: "z" }), nameOf)).toBe(
      "Ana removed a former member from the team",
    );
    // Someone no longer in the team, named by the entry itself.
    expect(
      activitySentence(
        entry({ action: "member_removed", subjectUserId: "z", subject: { id: "z", name: "Zoe" } }),
        nameOf,
      ),
    ).toBe("Ana removed Zoe from the team");
    expect(activitySentence(entry({ action: "member_left", actor: null }), nameOf)).toBe(
      "A former member left the team",
    );
    expect(
      activitySentence(entry({ action: "member_left", actor: { id: "c", name: null } }), nameOf),
    ).toBe("carol@example.com left the team");
    expect(
      activitySentence(
        entry({ action: "role_changed", subjectUserId: "a", detail: { to: "editor" } }),
        nameOf,
      ),
    ).toBe("Ana made themselves an editor");
  });
});
