import type { Logger } from "./logger.ts";
import { renderSocialImage } from "./social-images/render-social-image.ts";

const sampleCard = {
  kicker: "Programming",
  title: "Act as a Linux Terminal",
  excerpt:
    "I want you to act as a Linux terminal. I will type commands and you will reply with what the terminal should show, inside one unique code block, and nothing else.",
  creator: "Community Member",
};

/**
 * What a started instance works out before anyone asks, so the first crawler after a deploy
 * does not wait for it: the sitemap's files (one pass over the shared prompts' order, 1.7 s at a
 * million prompts, which the first /sitemaps/ request waited for) and the social images' fonts
 * and layout code (the process's first image took 247 ms against 40 to 66 ms after). Asked
 * through the app itself, as a crawler would; a failure is logged and changes nothing.
 */
export async function warmUp(options: {
  fetch: (request: Request) => Promise<Response> | Response;
  origin: string;
  log: Logger;
}) {
  const started = performance.now();
  try {
    const index = await options.fetch(new Request(`${options.origin}/sitemap.xml`));
    await index.arrayBuffer();
    // A card like a real one, twice: the second runs the code the first compiled.
    for (let round = 0; round < 2; round++) await renderSocialImage(sampleCard);
    options.log.info({ ms: Math.round(performance.now() - started) }, "warmed up");
  } catch (error) {
    options.log.warn({ err: error }, "warming up failed; the first requests do it instead");
  }
}
