/** The seven topic libraries: a category, its signed-in library page, and its display name. */
export const topics = [
  { category: "claude", path: "/claude-prompts", name: "Claude" },
  { category: "chatgpt", path: "/chatgpt-prompts", name: "ChatGPT" },
  { category: "ai-education", path: "/ai-education-prompts", name: "AI Education" },
  { category: "llm", path: "/llm-prompts", name: "LLM" },
  { category: "stable-diffusion", path: "/stable-diffusion-prompts", name: "Stable Diffusion" },
  { category: "prompt-engineering", path: "/prompt-engineering", name: "Prompt Engineering" },
  { category: "ap-lang", path: "/ap-lang-prompts", name: "AP Lang" },
] as const;

export type Topic = (typeof topics)[number];
export type TopicCategory = Topic["category"];
