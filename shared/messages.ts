import type { ErrorDetail } from "./error-codes.ts";
import { promptTextMaxLength, tagMaxLength } from "./prompt.ts";
import type { PublicField, SharedFinding } from "./secret-scan.ts";

/**
 * Every toast and empty-state text the product shows, word for word from the product spec's
 * error catalogue (and, for folders, tags and stars, which the spec does not cover, in its
 * style). Server and browser both take their texts from here.
 */
export interface Notice {
  kind: "success" | "error";
  title: string;
  description?: string;
}

/** What the form and the API say of a prompt past the limit; the limit counts UTF-16 units. */
export const promptTooLongText = `Prompts are at most ${promptTextMaxLength.toLocaleString("en-US")} characters. Shorten it and save again.`;

export const messages = {
  welcome: (email: string): Notice => ({
    kind: "success",
    title: "Welcome!",
    description: `Signed in as ${email}`,
  }),
  /** The sign-in dialog's own notice, once the person is back from the provider signed in. */
  signedInWithGoogle: {
    kind: "success",
    title: "Welcome to PromptShelf!",
    description: "Successfully signed in with Google.",
  },
  signInFailed: (providerMessage?: string): Notice => ({
    kind: "error",
    title: "Sign In Failed",
    description: providerMessage || "Failed to sign in with Google",
  }),
  unexpectedSignInError: {
    kind: "error",
    title: "Sign In Failed",
    description: "An unexpected error occurred. Please try again.",
  },
  signedOut: {
    kind: "success",
    title: "Signed Out",
    description: "You have been successfully signed out.",
  },
  signOutFailed: { kind: "error", title: "Error", description: "Failed to sign out" },
  signInRequired: {
    kind: "error",
    title: "Access Denied",
    description: "Please sign in to access this page",
  },
  adminRequired: {
    kind: "error",
    title: "Access Denied",
    description: "You don't have admin permissions to access this page",
  },
  promptAddedPersonal: { kind: "success", title: "Prompt added to your personal collection" },
  promptShared: { kind: "success", title: "Prompt shared with the community" },
  promptWithdrawn: { kind: "success", title: "Prompt withdrawn from the community" },
  promptAddedToTeam: { kind: "success", title: "Prompt added to the team's library" },
  promptUpdated: { kind: "success", title: "Prompt updated successfully" },
  promptDeleted: { kind: "success", title: "Prompt deleted successfully" },
  globalPromptCreated: { kind: "success", title: "Global prompt created successfully" },
  globalPromptDeleted: { kind: "success", title: "Global prompt deleted successfully" },
  copied: { kind: "success", title: "Copied to clipboard" },
  copyFailed: { kind: "error", title: "Failed to copy", description: "Please try again" },
  /** "Open in...": a prompt too long for a link went to the clipboard instead. */
  pasteInto: (assistant: string): Notice => ({
    kind: "success",
    title: `Prompt copied — paste it into ${assistant}`,
    description: "It is too long to send in a link.",
  }),
  pasteIntoCopyFailed: (assistant: string): Notice => ({
    kind: "error",
    title: "Failed to copy",
    description: `The prompt is too long to send in a link: copy it, then paste it into ${assistant}.`,
  }),
  enterPromptContent: { kind: "error", title: "Error", description: "Please enter prompt content" },
  signInToSave: {
    kind: "error",
    title: "Error",
    description: "You must be logged in to save prompts",
  },
  saveFailed: { kind: "error", title: "Error", description: "Failed to save prompt" },
  promptTooLong: { kind: "error", title: "Prompt too long", description: promptTooLongText },
  deleteFailed: { kind: "error", title: "Error", description: "Failed to delete prompt" },
  globalSaveFailed: { kind: "error", title: "Error", description: "Failed to save global prompt" },
  globalDeleteFailed: {
    kind: "error",
    title: "Error",
    description: "Failed to delete global prompt",
  },
  savedToLibrary: {
    kind: "success",
    title: "Saved to your library",
    description: "Edit your copy in My Prompts.",
  },
  versionRestored: (restored: number, made: number): Notice => ({
    kind: "success",
    title: `Restored version ${restored}`,
    description: `It is now version ${made}; every earlier version is kept.`,
  }),
  versionsPurged: (numbers: number[]): Notice => ({
    kind: "success",
    title:
      numbers.length === 1
        ? `Purged version ${numbers[0]}`
        : `Purged versions ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`,
    description: "Their text, use case and note are gone; the history keeps only that they were.",
  }),
  copyUpdated: {
    kind: "success",
    title: "Your copy is up to date",
    description: "It now says what the original says.",
  },
  copyKept: { kind: "success", title: "Kept your copy as it is" },
  movedTo: (place: string): Notice => ({ kind: "success", title: `Moved to ${place}` }),
  movedIntoTeam: (team: string): Notice => ({ kind: "success", title: `Moved into ${team}` }),
  labelMoved: (label: string, version: number): Notice => ({
    kind: "success",
    title: `“${label}” is on version ${version}`,
  }),
  labelRemoved: (label: string): Notice => ({ kind: "success", title: `Removed “${label}”` }),
  suggestionSent: { kind: "success", title: "Suggestion sent to the team's editors" },
  suggestionAccepted: (version: number): Notice => ({
    kind: "success",
    title: `Suggestion accepted as version ${version}`,
  }),
  suggestionDeclined: { kind: "success", title: "Suggestion declined" },
  folderCreated: (name: string): Notice => ({ kind: "success", title: `Created ${name}` }),
  folderRenamed: { kind: "success", title: "Folder renamed" },
  folderDeleted: { kind: "success", title: "Folder deleted" },
  tagRenamed: { kind: "success", title: "Tag renamed" },
  tagDeleted: (name: string): Notice => ({ kind: "success", title: `Deleted #${name}` }),
  collectionCreated: (title: string): Notice => ({ kind: "success", title: `Created ${title}` }),
  collectionUpdated: { kind: "success", title: "Collection updated" },
  collectionDeleted: { kind: "success", title: "Collection deleted" },
  addedToCollection: (title: string): Notice => ({ kind: "success", title: `Added to ${title}` }),
  removedFromCollection: { kind: "success", title: "Removed from the collection" },
  collectionSaved: (saved: number, alreadyInLibrary: number): Notice => ({
    kind: "success",
    title: `Saved ${saved} ${saved === 1 ? "prompt" : "prompts"} to your library`,
    description:
      alreadyInLibrary > 0
        ? `${alreadyInLibrary} you already had. Edit your copies in My Prompts.`
        : "Edit your copies in My Prompts.",
  }),
  profileSaved: { kind: "success", title: "Public profile saved" },
  /** The community list names the reason; personal and admin lists do not. */
  loadFailed: (reason?: string): Notice => ({
    kind: "error",
    title: "Error",
    description:
      reason === undefined
        ? "Failed to load prompts"
        : `Failed to load prompts: ${reason || "Unknown error"}`,
  }),
} satisfies Record<string, Notice | ((...args: never[]) => Notice)>;

/**
 * Why a tag was not added, as the API refuses it and the tag field says it (keeping what was
 * typed, so it can be fixed).
 */
export const tagRefusals = {
  tooLong: `Tags are at most ${tagMaxLength} characters`,
  alreadyOnPrompt: (name: string) => `This prompt already has the tag #${name}`,
};

const failed = (description: string): Notice => ({ kind: "error", title: "Error", description });

/** What each action says when it fails, unless the error calls for a notice of its own. */
const failureNotices = {
  "save-prompt": messages.saveFailed,
  "save-global-prompt": messages.globalSaveFailed,
  "delete-prompt": messages.deleteFailed,
  "delete-global-prompt": messages.globalDeleteFailed,
  "save-copy": failed("Failed to save the prompt"),
  "move-prompt": failed("Failed to move the prompt"),
  "pin-prompt": failed("Failed to pin the prompt"),
  "move-into-team": failed("Failed to move the prompt into the team"),
  "label-version": failed("Failed to change the label"),
  "suggest-change": failed("Failed to send the suggestion"),
  "decide-suggestion": failed("Failed to answer the suggestion"),
  "load-suggestions": failed("Failed to load the suggestions"),
  "update-favourite": failed("Failed to update favourites"),
  "add-tag": failed("Failed to add the tag"),
  "remove-tag": failed("Failed to remove the tag"),
  "rename-tag": failed("Failed to rename the tag"),
  "delete-tag": failed("Failed to delete the tag"),
  "load-history": failed("Failed to load the history"),
  "restore-version": failed("Failed to restore the version"),
  "purge-version": failed("Failed to purge the version"),
  "update-copy": failed("Failed to update your copy"),
  "create-folder": failed("Failed to create the folder"),
  "rename-folder": failed("Failed to rename the folder"),
  "delete-folder": failed("Failed to delete the folder"),
  "save-profile": failed("Failed to save your public profile"),
  "create-collection": failed("Failed to create the collection"),
  "update-collection": failed("Failed to update the collection"),
  "delete-collection": failed("Failed to delete the collection"),
  "add-to-collection": failed("Failed to add the prompt to the collection"),
  "update-collection-item": failed("Failed to change the collection"),
  "star-collection": failed("Failed to update the star"),
  "save-collection": failed("Nothing was saved"),
} satisfies Record<string, Notice>;

export type FailedAction = keyof typeof failureNotices;

/**
 * Folder and tag actions show the server's words when it refused the input, since those name
 * what to change (a name already taken, a limit reached).
 */
const showsInputRefusal = new Set<FailedAction>([
  "pin-prompt",
  "label-version",
  "suggest-change",
  "add-tag",
  "remove-tag",
  "rename-tag",
  "delete-tag",
  "create-folder",
  "rename-folder",
  "delete-folder",
  "save-profile",
  "create-collection",
  "update-collection",
  "add-to-collection",
  "update-collection-item",
]);

/**
 * Collection actions also show the server's words when a limit stopped them (a full library
 * for "save all", the number of collections or of prompts in one), since those name the limit.
 */
const showsLimitRefusal = new Set<FailedAction>([
  "create-collection",
  "add-to-collection",
  "save-collection",
]);

/** An error as the browser holds it: the API's error body, or a page action's answer. */
export interface ErrorLike {
  code: string;
  detail?: string | undefined;
  message: string;
}

const promptContentMissing = "prompt_content_missing" satisfies ErrorDetail;
const promptTooLong = "prompt_too_long" satisfies ErrorDetail;

/**
 * The notice for a failed action, chosen by the error's code and detail, never by its message.
 * `error` is null when no answer came from the server (the request failed on the way).
 */
export function noticeFor(error: ErrorLike | null, action: FailedAction): Notice {
  if (error && (action === "save-prompt" || action === "save-global-prompt")) {
    if (error.code === "unauthenticated") return messages.signInToSave;
    if (error.detail === promptContentMissing) return messages.enterPromptContent;
    if (error.detail === promptTooLong) return messages.promptTooLong;
  }
  // The original moved on while the person chose: its message says to look again.
  if (error?.code === "conflict") return failed(error.message);
  if (error?.code === "invalid_input" && showsInputRefusal.has(action)) {
    return failed(error.message);
  }
  if (error?.code === "payload_too_large" && showsLimitRefusal.has(action)) {
    return failed(error.message);
  }
  return failureNotices[action];
}

/** Empty-state texts, word for word. */
export const emptyStates = {
  community: "No prompts available yet.",
  personal: "You haven't created any personal prompts yet. Add your first prompt!",
  global: "No global prompts created yet. Add your first one above!",
  noMatch: (term: string) => `No prompts found matching "${term}". Try a different search term.`,
  noFilterMatch: "No prompts in this folder or with these tags.",
};

/**
 * Why a share waits for confirmation: what was found, masked, and how to go on. The API and MCP
 * clients read it; the pages show the findings in the privacy dialog instead.
 */
export function privacyFindingsText(findings: SharedFinding[]) {
  const listed = findings
    .slice(0, 10)
    .map(
      (finding) =>
        `${finding.entry ? `${finding.entry}: ` : ""}${finding.label} (${finding.excerpt})${whereFound(finding.field)}`,
    )
    .join("; ");
  const more = findings.length > 10 ? `; and ${findings.length - 10} more` : "";
  return `This would share what looks like private data: ${listed}${more}. Remove it, or confirm to share it anyway. Nothing was saved.`;
}

/**
 * Where in what is shared a finding is, as the privacy dialog and the API's message say it
 * after the finding's label; nothing for a prompt's text, which is what is mostly shared.
 */
export function whereFound(field: PublicField) {
  return field === "promptText" ? "" : ` in the ${publicFieldNames[field]}`;
}

const publicFieldNames: Record<PublicField, string> = {
  promptText: "prompt",
  useCase: "use case",
  note: "note",
  title: "title",
  description: "description",
  displayName: "display name",
  handle: "handle",
};

/** Shown by pages and the API while the database cannot be reached. */
export const unavailableText = "PromptShelf is briefly unavailable. Please try again in a moment.";
