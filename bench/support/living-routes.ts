import { topics } from "../../shared/topics.ts";
import { type BenchRoute, communityReads } from "./bench-routes.ts";

const topic = topics.find((item) => item.category === "llm") ?? topics[0];

/**
 * What the 200 readers of the living community load while the writer shares (issue 19): the
 * signed-in pages a share changes, a topic library, the community list and two searches.
 */
export const livingRoutes: BenchRoute[] = [
  { name: "central", kind: "page", path: "/central", signedIn: true },
  { name: "dashboard", kind: "page", path: "/dashboard", signedIn: true },
  { name: `topic library (${topic.name})`, kind: "page", path: topic.path, signedIn: true },
  ...communityReads,
];

/** The readers: as many distinct signed-in people as the generated library has. */
export const livingReaders = 200;
/** Shares waiting for an answer at once, at most; far above what 10 a second needs. */
export const sharesInFlight = 32;
