/**
 * Every toast and empty-state text the product shows, word for word from the product spec's
 * error catalogue. Server and browser both take their texts from here.
 */
export interface Notice {
  kind: "success" | "error";
  title: string;
  description?: string;
}

export const messages = {
  welcome: (email: string): Notice => ({
    kind: "success",
    title: "Welcome!",
    description: `Signed in as ${email}`,
  }),
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
  promptUpdated: { kind: "success", title: "Prompt updated successfully" },
  promptDeleted: { kind: "success", title: "Prompt deleted successfully" },
  globalPromptCreated: { kind: "success", title: "Global prompt created successfully" },
  globalPromptDeleted: { kind: "success", title: "Global prompt deleted successfully" },
  copied: { kind: "success", title: "Copied to clipboard" },
  copyFailed: { kind: "error", title: "Failed to copy", description: "Please try again" },
  enterPromptContent: { kind: "error", title: "Error", description: "Please enter prompt content" },
  signInToSave: {
    kind: "error",
    title: "Error",
    description: "You must be logged in to save prompts",
  },
  saveFailed: { kind: "error", title: "Error", description: "Failed to save prompt" },
  deleteFailed: { kind: "error", title: "Error", description: "Failed to delete prompt" },
  globalSaveFailed: { kind: "error", title: "Error", description: "Failed to save global prompt" },
  globalDeleteFailed: {
    kind: "error",
    title: "Error",
    description: "Failed to delete global prompt",
  },
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

/** Empty-state texts, word for word. */
export const emptyStates = {
  community: "No prompts available yet.",
  personal: "You haven't created any personal prompts yet. Add your first prompt!",
  global: "No global prompts created yet. Add your first one above!",
  noMatch: (term: string) => `No prompts found matching "${term}". Try a different search term.`,
  noFilterMatch: "No prompts in this folder or with these tags.",
};

/** Shown by pages and the API while the database cannot be reached. */
export const unavailableText = "PromptShelf is briefly unavailable. Please try again in a moment.";
