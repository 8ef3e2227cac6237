export const signInTitle = "Welcome to PromptShelf";
export const signInSubtitle = "Sign in to access your AI prompt management dashboard";
