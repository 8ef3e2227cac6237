import { cutAtWord, plainText } from "../../shared/markdown-preview.ts";
import { drawableText } from "./drawable-text.ts";
import { imageFonts } from "./fonts.ts";
import { type PromptCardFields, promptCardImage } from "./prompt-card-image.ts";

export const imageWidth = 1200;
export const imageHeight = 630;

/** What is cut from each field before layout: more than its lines can show. */
const limits = { kicker: 60, title: 120, excerpt: 400, creator: 80 };
/** A title with nothing left to draw (all Chinese, say) is named by what it is. */
const untitled = "A shared prompt";

/**
 * A 1200×630 PNG for a shared prompt, from plain text fields: laid out by satori (text drawn as
 * paths from Inter) and rasterised by resvg, without a browser. Both are loaded by the first
 * image asked for: satori alone holds 38 MB a server may never need (docs/decisions/0009).
 */
export async function renderSocialImage(fields: PromptCardFields): Promise<Buffer> {
  const [{ default: satori }, { Resvg }, { fonts, family, draws }] = await Promise.all([
    import("satori"),
    import("@resvg/resvg-js"),
    imageFonts(),
  ]);
  const drawable = (text: string, max: number) => drawableText(cutAtWord(text, max), draws);
  const prepared: PromptCardFields = {
    kicker: drawable(fields.kicker, limits.kicker),
    title: drawable(fields.title, limits.title) || untitled,
    excerpt: drawable(plainText(fields.excerpt.slice(0, limits.excerpt * 4)), limits.excerpt),
    creator: drawable(fields.creator, limits.creator) || "Community Member",
  };
  const svg = await satori(promptCardImage(prepared, family) as never, {
    width: imageWidth,
    height: imageHeight,
    fonts,
  });
  return new Resvg(svg).render().asPng();
}
