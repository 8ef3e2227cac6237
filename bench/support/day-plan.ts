import { topics } from "../../shared/topics.ts";
import { benchWriteTitle } from "./bench-routes.ts";
import { seededRandom } from "./seeded-random.ts";

/** What a planned request stands for in the report: who sends it and what it does. */
export const dayKinds = [
  "page (signed in)",
  "navigation (signed in)",
  "search (signed in)",
  "star",
  "share",
  "crawler: prompt page",
  "visitor page",
  "visitor search",
] as const;
export type DayKind = (typeof dayKinds)[number];

/** One request of the day, due `at` ms after the run starts. */
export interface PlannedRequest {
  at: number;
  kind: DayKind;
  method: "GET" | "PUT" | "POST";
  path: string;
  /** Index into the people's cookies; none for a crawler or a visitor. */
  person?: number;
  body?: string;
}

/** What the day is made of; the rates are requests a second over the whole run. */
export interface DayShape {
  /** Requests a second, all kinds together (near enough: visits are whole). */
  rate: number;
  seconds: number;
  people: number;
  /** Zipf exponent of how often each person comes: 1 is the classic, a long tail seen once. */
  zipf: number;
  /** Public pages of shared prompts, crawled at random. */
  promptPaths: string[];
  /** Shared prompts people star. */
  promptIds: string[];
  /** Real words to search for; each is looked for about once, as a term never searched. */
  words: string[];
  seed: number;
}

/** Shares of the requests: people signed in, crawlers, visitors. */
const share = { person: 0.55, crawler: 0.3, visitor: 0.15 };

/** Where a signed-in person lands first and moves to in the app. */
const libraryPages = ["/central", "/dashboard", "/personal", topics[0].path, topics[3].path];
const searchedWords = ["the", "code", "write", "translator", "marketing"];

/**
 * A day's traffic, planned ahead so that two runs (two designs) see the same requests: people
 * arrive over time, Zipf-distributed over `people` (a few come back often, most once), and each
 * visit loads a library page, moves in the app by React Router's data requests, may search (a
 * term as likely new as common), star and now and then share; crawlers fetch prompt pages at
 * random; visitors read the home page, /prompts, a topic landing page, or search /prompts.
 */
export function planDay(shape: DayShape): PlannedRequest[] {
  const random = seededRandom(shape.seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const person = zipfSampler(shape.people, shape.zipf, random);
  const planned: PlannedRequest[] = [];
  const end = shape.seconds * 1000;
  let words = 0;
  const term = () =>
    random() < 0.3 ? pick(searchedWords) : (shape.words[words++ % shape.words.length] ?? "the");

  // Person visits: one page load, then 1-3 moves, a search in two of five, a star in one of
  // six, a share in one of thirty; 2-8 s between steps.
  const stepsPerVisit = 1 + 2 + 0.4 + 1 / 6 + 1 / 30;
  const visitsPerSecond = (shape.rate * share.person) / stepsPerVisit;
  for (let at = gap(random, visitsPerSecond); at < end; at += gap(random, visitsPerSecond)) {
    const who = person();
    let when = at;
    const step = (request: Omit<PlannedRequest, "at" | "person">) => {
      if (when < end) planned.push({ ...request, at: Math.round(when), person: who });
      when += 2000 + random() * 6000;
    };
    step({ kind: "page (signed in)", method: "GET", path: pick(libraryPages) });
    const moves = 1 + Math.floor(random() * 3);
    for (let move = 0; move < moves; move++) {
      step({ kind: "navigation (signed in)", method: "GET", path: `${pick(libraryPages)}.data` });
    }
    if (random() < 0.4) {
      const q = encodeURIComponent(term());
      step({ kind: "search (signed in)", method: "GET", path: `/central.data?q=${q}` });
    }
    if (random() < 1 / 6) {
      step({
        kind: "star",
        method: "PUT",
        path: `/api/v1/prompts/${pick(shape.promptIds)}/favourite`,
      });
    }
    if (random() < 1 / 30) {
      const body = JSON.stringify({
        promptText: `A prompt shared during the day: summarise ${term()} in three points. ${when}`,
        useCase: benchWriteTitle,
        shared: true,
      });
      step({ kind: "share", method: "POST", path: "/api/v1/prompts", body });
    }
  }

  const crawlRate = shape.rate * share.crawler;
  for (let at = gap(random, crawlRate); at < end; at += gap(random, crawlRate)) {
    planned.push({
      at: Math.round(at),
      kind: "crawler: prompt page",
      method: "GET",
      path: pick(shape.promptPaths),
    });
  }

  const visitorRate = shape.rate * share.visitor;
  const visitorPages = ["/", "/prompts", "/claude-prompt-library", "/llm-prompt-library"];
  for (let at = gap(random, visitorRate); at < end; at += gap(random, visitorRate)) {
    const searching = random() < 0.3;
    planned.push({
      at: Math.round(at),
      kind: searching ? "visitor search" : "visitor page",
      method: "GET",
      path: searching ? `/prompts?q=${encodeURIComponent(term())}` : pick(visitorPages),
    });
  }
  return planned.sort((a, b) => a.at - b.at);
}

/** Milliseconds to the next arrival of a Poisson process of `perSecond` arrivals a second. */
function gap(random: () => number, perSecond: number) {
  return (-Math.log(1 - random()) / perSecond) * 1000;
}

/** Indexes 0..n-1 drawn with probability proportional to 1 / (rank + 1)^s. */
function zipfSampler(n: number, s: number, random: () => number) {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank++) {
    total += 1 / (rank + 1) ** s;
    cumulative[rank] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}
