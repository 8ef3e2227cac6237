import { describe, expect, it } from "vitest";
import { versionChanges } from "./version-changes.ts";

describe("what a version changed besides its text", () => {
  it("says a prompt filed under a topic changed topic, by the topic's name", () => {
    expect(
      versionChanges(
        { title: "Essay Writer", category: "Essay Writer" },
        { title: "Essay Writer", category: "ap-lang" },
      ),
    ).toEqual(["Topic changed from “Essay Writer” to AP Lang"]);
    expect(
      versionChanges(
        { title: "Helper", category: "chatgpt" },
        { title: "Helper", category: "claude" },
      ),
    ).toEqual(["Topic changed from ChatGPT to Claude"]);
  });

  it("says a new use case is one, and a title changed alone is a new title", () => {
    expect(
      versionChanges({ title: "Draft", category: "Draft" }, { title: "Email", category: "Email" }),
    ).toEqual(["Use case changed from “Draft” to “Email”"]);
    expect(
      versionChanges({ title: "Untitled", category: null }, { title: "Email", category: "Email" }),
    ).toEqual(["Use case changed from none to “Email”"]);
    expect(
      versionChanges({ title: "Old", category: "llm" }, { title: "New", category: "llm" }),
    ).toEqual(["Title changed from “Old” to “New”"]);
  });

  it("says nothing when only the text changed", () => {
    expect(versionChanges({ title: "A", category: "A" }, { title: "A", category: "A" })).toEqual(
      [],
    );
  });
});
