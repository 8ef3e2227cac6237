import { z } from "zod";
import { browsePagesMax, browseSorts } from "../../shared/browse.ts";
import { searchTermMaxLength } from "../../shared/prompt.ts";
import { type TopicCategory, topics } from "../../shared/topics.ts";
import { storableText } from "../validation.ts";

/** A parameter left empty (a GET form sends every field) counts as not given. */
const given = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

const categories = topics.map((topic) => topic.category) as [TopicCategory, ...TopicCategory[]];
const pageRange = `Pages are numbered 1 to ${browsePagesMax}`;

const browseQuery = z.object({
  q: z.preprocess(
    given,
    storableText()
      .max(searchTermMaxLength, `Search for at most ${searchTermMaxLength} characters`)
      .optional(),
  ),
  topic: z.preprocess(given, z.enum(categories, "Choose a topic from the list").optional()),
  sort: z.preprocess(given, z.enum(browseSorts, "Choose an order from the list").default("newest")),
  page: z.preprocess(
    given,
    z
      .string()
      .regex(/^\d{1,6}$/, pageRange)
      .transform(Number)
      .pipe(z.number().min(1, pageRange).max(browsePagesMax, pageRange))
      .default(1),
  ),
});

/**
 * The browse page's query string, checked: every value within its limits, or the first
 * problem in words a visitor can act on. Unknown parameters are ignored.
 */
export function parseBrowseQuery(params: URLSearchParams) {
  const parsed = browseQuery.safeParse({
    q: params.get("q") ?? undefined,
    topic: params.get("topic") ?? undefined,
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  if (parsed.success) return { ok: true as const, query: parsed.data };
  return { ok: false as const, problem: parsed.error.issues[0]?.message ?? "Invalid address" };
}
