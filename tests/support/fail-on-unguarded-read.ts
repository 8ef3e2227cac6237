import { afterEach, expect } from "vitest";
import { takeUnguardedReads } from "./unguarded-reads.ts";

// A request that read prompts without prompt-access.ts's rule is a failure, whatever it answered.
afterEach(() => {
  expect(takeUnguardedReads(), "statements read prompts without the access rule").toEqual([]);
});
