import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon.tsx";
import { cx } from "~/lib/cx.ts";
import type { PublicPrompt } from "../../../shared/prompt.ts";

export interface Highlights<P extends PublicPrompt = PublicPrompt> {
  promptOfTheDay: P | null;
  freshToday: P[];
  freshCount: number;
}

/** A highlight on a phone: most of the screen's width, the next one peeking in beside it. */
const phoneCard = "w-[85vw] shrink-0 snap-start sm:w-auto";

/** How many of the fresh prompts show. */
export const freshShown = 4;

/**
 * The prompt of the day beside what the community shared in the last 24 hours. The page says
 * how a card looks: a library page gives its own cards, with their actions; a public page, cards
 * that anyone may see. On a phone they are one row that scrolls sideways, each card most of the
 * screen's width, so they take one card's height above the list rather than five.
 */
export function CommunityHighlights<P extends PublicPrompt>(props: {
  highlights: Highlights<P>;
  headingLevel: 2 | 3;
  card: (prompt: P) => ReactNode;
}) {
  const { promptOfTheDay, freshToday, freshCount } = props.highlights;
  const Heading = props.headingLevel === 2 ? "h2" : "h3";
  if (!promptOfTheDay && freshToday.length === 0) return null;
  return (
    <div className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3 lg:items-start">
      {promptOfTheDay ? (
        <section
          aria-labelledby="prompt-of-the-day"
          className={cx(
            "flex flex-col rounded-2xl bg-gradient-to-br from-accent to-accent-hover p-1",
            phoneCard,
          )}
        >
          <Heading
            id="prompt-of-the-day"
            className="flex items-center gap-2 px-4 py-2 font-semibold text-on-accent"
          >
            <Icon name="sparkles" className="h-4 w-4" /> Prompt of the day
          </Heading>
          {props.card(promptOfTheDay)}
        </section>
      ) : null}
      <section
        aria-labelledby="fresh-today"
        className={cx("flex-none sm:flex-auto", promptOfTheDay ? "lg:col-span-2" : "lg:col-span-3")}
      >
        <Heading id="fresh-today" className="mb-3 max-w-[85vw] font-semibold text-fg sm:max-w-none">
          Fresh today{" "}
          <span className="font-normal text-muted">· {freshCount} shared in the last 24 hours</span>
        </Heading>
        {freshToday.length === 0 ? (
          <p
            className={cx(
              "rounded-xl border-2 border-dashed border-line p-6 text-center text-muted",
              phoneCard,
            )}
          >
            Nothing shared in the last 24 hours yet. Be the first today.
          </p>
        ) : (
          <ul className="flex gap-4 sm:grid sm:grid-cols-2">
            {freshToday.slice(0, freshShown).map((prompt) => (
              <li key={prompt.id} className={cx("flex min-w-0", phoneCard)}>
                <div className="min-w-0 flex-1">{props.card(prompt)}</div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
