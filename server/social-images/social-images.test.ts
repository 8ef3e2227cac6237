import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { titleAndCategory } from "../../shared/prompt.ts";
import { drawableText } from "./drawable-text.ts";
import { imageFonts } from "./fonts.ts";
import { createKeptImages } from "./kept-images.ts";
import { imageHeight, imageWidth, renderSocialImage } from "./render-social-image.ts";

const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe("fonts", () => {
  it("draw Latin, Greek, Cyrillic and Vietnamese, and nothing of Chinese, Arabic or emoji", async () => {
    const { fonts, draws } = await imageFonts();
    expect(fonts.length).toBeGreaterThanOrEqual(12);
    for (const text of ["Café", "Ελληνικά", "Недвижимость", "Tiếng Việt", "—“”…€"]) {
      expect(
        [...text].every((c) => draws(c.codePointAt(0) ?? 0)),
        text,
      ).toBe(true);
    }
    for (const text of ["你", "م", "🚀"]) expect(draws(text.codePointAt(0) ?? 0), text).toBe(false);
  });

  it("leave out what they cannot draw, rather than draw boxes", async () => {
    const { draws } = await imageFonts();
    expect(drawableText("Plan 🚀 a   trip to 東京 now", draws)).toBe("Plan a trip to now");
    expect(drawableText("你好世界", draws)).toBe("");
  });
});

describe("renderSocialImage", () => {
  const rows: { act: string; prompt: string; contributor: string }[] = parse(
    readFileSync(new URL("../../seed/prompts.csv", import.meta.url)),
    { columns: true, max_record_size: 1_000_000 },
  );

  it.each([
    ["a real prompt", rows[1]],
    ["the longest real prompt", [...rows].sort((a, b) => b.prompt.length - a.prompt.length)[0]],
    ["a title of nothing drawable", { act: "你好世界", prompt: "全部中文", contributor: "李雷" }],
  ])("renders %s as a 1200×630 PNG", async (_name, row) => {
    if (!row) throw new Error("no row");
    const png = await renderSocialImage({
      kicker: "Community prompt",
      title: titleAndCategory(row.act).title,
      excerpt: row.prompt,
      creator: row.contributor,
    });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(pngSize(png)).toEqual([imageWidth, imageHeight]);
  });
});

describe("kept images", () => {
  const image = (bytes: number) => async () => Buffer.alloc(bytes, 1);

  it("share one render between requests for the same image, and keep it", async () => {
    const kept = createKeptImages({ maxBytes: 1000 });
    let renders = 0;
    // The render is under way until all three have asked.
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const render = async () => {
      renders++;
      await finished;
      return Buffer.alloc(100);
    };
    const asked = [1, 2, 3].map(() => kept.image("a", render));
    finish();
    const answers = await Promise.all(asked);
    expect(renders).toBe(1);
    expect(new Set(answers).size).toBe(1);
    await kept.image("a", render);
    expect(renders).toBe(1);
  });

  it("drop the least recently used once past their bytes", async () => {
    const kept = createKeptImages({ maxBytes: 250 });
    await kept.image("a", image(100));
    await kept.image("b", image(100));
    await kept.image("a", image(100)); // a is now the most recent
    await kept.image("c", image(100));
    expect(kept.bytes()).toBe(200);
    let rendered = "";
    await kept.image("b", async () => {
      rendered = "b";
      return Buffer.alloc(100);
    });
    expect(rendered).toBe("b");
    await kept.image("c", async () => {
      rendered = "c again";
      return Buffer.alloc(100);
    });
    expect(rendered).toBe("b");
  });

  it("keep nothing of a render that failed, so the next request tries again", async () => {
    const kept = createKeptImages({ maxBytes: 1000 });
    await expect(
      kept.image("a", async () => {
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect((await kept.image("a", image(10))).length).toBe(10);
  });
});
