import { describe, expect, it } from "vitest";
import { type FailedAction, messages, noticeFor } from "./messages.ts";

const error = (description: string) => ({ kind: "error", title: "Error", description });

describe("noticeFor", () => {
  it("gives each action its own words when the server names no reason to show", () => {
    const cases: [FailedAction, string][] = [
      ["save-prompt", "Failed to save prompt"],
      ["save-global-prompt", "Failed to save global prompt"],
      ["delete-prompt", "Failed to delete prompt"],
      ["delete-global-prompt", "Failed to delete global prompt"],
      ["save-copy", "Failed to save the prompt"],
      ["move-prompt", "Failed to move the prompt"],
      ["update-favourite", "Failed to update favourites"],
      ["add-tag", "Failed to add the tag"],
      ["remove-tag", "Failed to remove the tag"],
      ["rename-tag", "Failed to rename the tag"],
      ["delete-tag", "Failed to delete the tag"],
      ["create-folder", "Failed to create the folder"],
      ["rename-folder", "Failed to rename the folder"],
      ["delete-folder", "Failed to delete the folder"],
    ];
    const limit = { code: "payload_too_large", message: "You can have at most 40 folders" };
    for (const [action, text] of cases) {
      expect(noticeFor(null, action)).toEqual(error(text));
      expect(noticeFor(limit, action)).toEqual(error(text));
    }
  });

  it("blank prompt content by its detail, and a save without a session by its code", () => {
    const blank = { code: "invalid_input", detail: "prompt_content_missing", message: "?" };
    const signedOut = { code: "unauthenticated", message: "Please sign in" };
    for (const action of ["save-prompt", "save-global-prompt"] as const) {
      expect(noticeFor(blank, action)).toBe(messages.enterPromptContent);
      expect(noticeFor(signedOut, action)).toBe(messages.signInToSave);
    }
    expect(noticeFor(blank, "delete-prompt")).toBe(messages.deleteFailed);
    expect(noticeFor(signedOut, "delete-global-prompt")).toBe(messages.globalDeleteFailed);
  });

  it("never by the message: the catalogue's own words without the detail are a failed save", () => {
    const lookalike = { code: "invalid_input", message: "Please enter prompt content" };
    expect(noticeFor(lookalike, "save-prompt")).toBe(messages.saveFailed);
  });

  it("shows the server's words for a refused folder or tag input, which name what to change", () => {
    const taken = {
      code: "invalid_input",
      detail: "folder_name_taken",
      message: 'A folder called "Work" is already there',
    };
    expect(noticeFor(taken, "create-folder")).toEqual(error(taken.message));
    const tooMany = { code: "invalid_input", message: "A prompt can have at most 20 tags" };
    expect(noticeFor(tooMany, "add-tag")).toEqual(error(tooMany.message));
    // Moving, starring and saving a copy have no input to change.
    expect(noticeFor(tooMany, "move-prompt")).toEqual(error("Failed to move the prompt"));
    expect(noticeFor(tooMany, "save-prompt")).toBe(messages.saveFailed);
  });

  it("shows the limit a collection action reached, and nothing of the message otherwise", () => {
    const full = {
      code: "payload_too_large",
      detail: "collection_full",
      message: "A collection holds at most 100 prompts",
    };
    expect(noticeFor(full, "add-to-collection")).toEqual(error(full.message));
    const library = { code: "payload_too_large", message: "Your library is full" };
    expect(noticeFor(library, "save-collection")).toEqual(error(library.message));
    expect(noticeFor(library, "star-collection")).toEqual(error("Failed to update the star"));
    expect(noticeFor(library, "save-prompt")).toBe(messages.saveFailed);
  });
});
