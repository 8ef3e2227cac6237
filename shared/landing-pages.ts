import type { TopicCategory } from "./topics.ts";

/** When the public pages' own words last changed (their lists of prompts change daily). */
export const contentUpdated = { pages: "2026-11-22", legal: "2025-09-13" };

export interface LandingPage {
  path: string;
  /** Name for menus and footers. */
  label: string;
  /** Shortest name, for the top bar where all eight sit in one row. */
  navLabel: string;
  /** Whose newest community prompts the page shows. */
  category: TopicCategory;
  title: string;
  description: string;
  keywords: string[];
  hero: { heading: string; highlight: string; body: string };
  benefits: [Benefit, Benefit, Benefit];
  closing: { heading: string; body: string };
}

interface Benefit {
  title: string;
  body: string;
}

/** The eight search landing pages, in footer order: the first four are "Prompt Libraries". */
export const landingPages: LandingPage[] = [
  {
    path: "/claude-prompt-library",
    navLabel: "Claude",
    label: "Claude Prompts",
    category: "claude",
    title: "Claude Prompt Library: tested prompts for Anthropic's Claude | PromptShelf",
    description:
      "Browse and save Claude prompts for writing, analysis and coding. Keep the ones that work in your own library and copy them in one click.",
    keywords: ["Claude prompts", "Claude prompt library", "Anthropic Claude", "Claude AI prompts"],
    hero: {
      heading: "The Claude prompt library",
      highlight: "that grows with you",
      body: "Long-context summaries, careful analysis, clean code: keep the Claude prompts that get results, and find the community's best in seconds.",
    },
    benefits: [
      {
        title: "Made for long context",
        body: "Save prompts built around Claude's large context window: document digests, research briefs and code reviews.",
      },
      {
        title: "Your wording, kept",
        body: "Tweak a prompt until Claude answers the way you want, then save that exact version to your private library.",
      },
      {
        title: "Shared by people who use it",
        body: "Browse prompts other Claude users shared, copy them in one click, and share your own.",
      },
    ],
    closing: {
      heading: "Start your Claude library today",
      body: "Sign in with Google and save your first Claude prompt in under a minute.",
    },
  },
  {
    path: "/chatgpt-prompt-library",
    navLabel: "ChatGPT",
    label: "ChatGPT Prompts",
    category: "chatgpt",
    title: "ChatGPT Prompt Library: save and share your best ChatGPT prompts | PromptShelf",
    description:
      "A free ChatGPT prompt library: organise the prompts you use every day, search them instantly and discover new ones shared by the community.",
    keywords: [
      "ChatGPT prompts",
      "ChatGPT prompt library",
      "best ChatGPT prompts",
      "OpenAI prompts",
    ],
    hero: {
      heading: "Every ChatGPT prompt you love,",
      highlight: "one search away",
      body: "Stop scrolling old chats for that perfect prompt. Save it once, find it instantly, and reuse it on any device.",
    },
    benefits: [
      {
        title: "From chat history to library",
        body: "Keep the prompts that worked instead of hunting for them in weeks of conversations.",
      },
      {
        title: "Search that finds it",
        body: "Type any word from a prompt or its use case and it is there, highlighted.",
      },
      {
        title: "Community favourites",
        body: "See what other ChatGPT users are prompting today and copy what works for you.",
      },
    ],
    closing: {
      heading: "Build your ChatGPT prompt library",
      body: "Free to start: sign in with Google and save your first prompt.",
    },
  },
  {
    path: "/ai-education-prompt-library",
    navLabel: "AI Education",
    label: "AI Education",
    category: "ai-education",
    title: "AI Education Prompt Library for teachers and students | PromptShelf",
    description:
      "Prompts for lesson plans, feedback, study guides and tutoring. A shared AI education prompt library for teachers and learners.",
    keywords: [
      "AI education prompts",
      "teacher AI prompts",
      "student AI prompts",
      "AI lesson plan prompts",
    ],
    hero: {
      heading: "AI prompts for teaching",
      highlight: "and learning",
      body: "Lesson plans, rubrics, quiz questions and patient tutoring: a library of classroom-tested prompts, shared by educators.",
    },
    benefits: [
      {
        title: "Plan lessons faster",
        body: "Reuse prompts that draft lesson plans, objectives and differentiated activities.",
      },
      {
        title: "Better feedback",
        body: "Keep prompts that turn rubrics into clear, kind, specific feedback for students.",
      },
      {
        title: "Study smarter",
        body: "Students can save prompts for explanations, flashcards and practice questions.",
      },
    ],
    closing: {
      heading: "Bring your best classroom prompts together",
      body: "Sign in with Google to keep a library of teaching prompts you can trust.",
    },
  },
  {
    path: "/llm-prompt-library",
    navLabel: "LLM",
    label: "LLM Prompts",
    category: "llm",
    title: "LLM Prompt Library: prompts for any large language model | PromptShelf",
    description:
      "Model-agnostic prompts for large language models: system prompts, structured output, reasoning and evaluation. Save, search and share.",
    keywords: [
      "LLM prompts",
      "large language model prompts",
      "system prompts",
      "LLM prompt library",
    ],
    hero: {
      heading: "Prompts for every",
      highlight: "large language model",
      body: "System prompts, structured output, chain-of-thought and evaluation prompts that travel between models.",
    },
    benefits: [
      {
        title: "Model-agnostic",
        body: "Keep prompts that work across GPT, Claude, Gemini, Llama and Mistral in one place.",
      },
      {
        title: "Structured output",
        body: "Save the prompts that make models answer in clean JSON, tables and schemas.",
      },
      {
        title: "Built for builders",
        body: "Developers share system prompts and evaluation prompts they rely on in production.",
      },
    ],
    closing: {
      heading: "One library for all your models",
      body: "Sign in with Google and start collecting the prompts your apps depend on.",
    },
  },
  {
    path: "/stable-diffusion-prompt-library",
    navLabel: "Stable Diffusion",
    label: "Stable Diffusion",
    category: "stable-diffusion",
    title: "Stable Diffusion Prompt Library: image prompts that work | PromptShelf",
    description:
      "Stable Diffusion prompts for portraits, landscapes, styles and lighting. Save your best image prompts and borrow the community's.",
    keywords: ["Stable Diffusion prompts", "image prompts", "SDXL prompts", "AI art prompts"],
    hero: {
      heading: "Stable Diffusion prompts",
      highlight: "worth keeping",
      body: "The style tags, lighting and camera terms that made your best image: save them, reuse them, share them.",
    },
    benefits: [
      {
        title: "Recreate your best images",
        body: "Keep the exact prompt behind an image you loved, so you can come back to it.",
      },
      {
        title: "Styles at hand",
        body: "Build a personal set of style, lighting and composition prompts to mix and match.",
      },
      {
        title: "Learn from other artists",
        body: "See the prompts the community shares and copy the techniques that work.",
      },
    ],
    closing: {
      heading: "Keep every prompt behind every image",
      body: "Sign in with Google and save your first Stable Diffusion prompt.",
    },
  },
  {
    path: "/prompt-engineering-library",
    navLabel: "Prompt Engineering",
    label: "Prompt Engineering",
    category: "prompt-engineering",
    title: "Prompt Engineering Library: techniques and templates | PromptShelf",
    description:
      "Prompt engineering techniques in practice: few-shot, role prompts, chain-of-thought, critique loops. Save and refine your own templates.",
    keywords: [
      "prompt engineering",
      "prompt engineering library",
      "prompt templates",
      "few-shot prompts",
    ],
    hero: {
      heading: "Prompt engineering,",
      highlight: "in practice",
      body: "Few-shot examples, role prompts, reasoning scaffolds and critique loops: a working library of techniques you can copy and adapt.",
    },
    benefits: [
      {
        title: "Techniques that transfer",
        body: "Keep the patterns that improve answers on any model, written as ready-to-use prompts.",
      },
      {
        title: "Iterate and keep the best",
        body: "Edit a prompt as you refine it; your library always holds your latest version.",
      },
      {
        title: "Learn by example",
        body: "Study how others structure prompts and borrow what works.",
      },
    ],
    closing: {
      heading: "Engineer better prompts",
      body: "Sign in with Google and start your prompt engineering library.",
    },
  },
  {
    path: "/ap-lang-library-synthesis-essay-prompt",
    navLabel: "AP Lang",
    label: "AP Lang Synthesis",
    category: "ap-lang",
    title: "AP Lang Synthesis Essay Prompt Library | PromptShelf",
    description:
      "AI prompts for AP English Language: synthesis essay practice, source analysis, thesis feedback and rhetorical analysis.",
    keywords: [
      "AP Lang synthesis essay prompt",
      "AP Language prompts",
      "synthesis essay",
      "rhetorical analysis prompts",
    ],
    hero: {
      heading: "AP Lang synthesis essay",
      highlight: "prompts and practice",
      body: "Practise the synthesis essay with AI: analyse sources, sharpen your thesis and get feedback aligned with the AP rubric.",
    },
    benefits: [
      {
        title: "Source analysis",
        body: "Prompts that help you read sources for claims, evidence and rhetorical choices.",
      },
      {
        title: "Thesis feedback",
        body: "Get specific feedback on your thesis and line of reasoning before test day.",
      },
      {
        title: "Rubric-minded practice",
        body: "Practise with prompts shaped around evidence, commentary and sophistication.",
      },
    ],
    closing: {
      heading: "Study smarter for AP Lang",
      body: "Sign in with Google and keep your best study prompts in one place.",
    },
  },
  {
    path: "/prompt-library-stable-diffusion",
    navLabel: "SD Library",
    label: "SD Prompt Library",
    category: "stable-diffusion",
    title: "Prompt Library for Stable Diffusion: styles, subjects, settings | PromptShelf",
    description:
      "A searchable prompt library for Stable Diffusion: subjects, art styles, negative prompts and settings, saved and shared by artists.",
    keywords: [
      "prompt library Stable Diffusion",
      "negative prompts",
      "SD prompt ideas",
      "AI image prompt library",
    ],
    hero: {
      heading: "A prompt library",
      highlight: "for Stable Diffusion artists",
      body: "Subjects, art styles, negative prompts and settings: search your own collection and the community's in one place.",
    },
    benefits: [
      {
        title: "Negative prompts too",
        body: "Save the negative prompts that clean up your images alongside the prompts themselves.",
      },
      {
        title: "Search by style",
        body: "Find every prompt with 'watercolor' or 'cinematic lighting' in a keystroke.",
      },
      {
        title: "Fresh ideas daily",
        body: "New community prompts arrive every day to spark your next image.",
      },
    ],
    closing: {
      heading: "Your Stable Diffusion prompts, organised",
      body: "Sign in with Google and save your first image prompt.",
    },
  },
];

export function landingPageAt(path: string) {
  return landingPages.find((page) => page.path === path);
}

/** The landing page of a prompt's topic, when its category is one (case aside). */
export function landingPageFor(category: string | null) {
  const topic = category?.toLowerCase();
  return landingPages.find((page) => page.category === topic);
}
