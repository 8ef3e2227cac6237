import { and, desc, eq, gte } from "drizzle-orm";
import type { VersionTestSummary } from "../../shared/workbench.ts";
import type { Viewer } from "../auth/viewer.ts";
import { promptTestResults, promptTests } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requirePromptPrivateData } from "./prompt-workbench-access.ts";
import type { Workbench } from "./workbench.ts";

/** How many of the newest versions with outcomes the history is told about. */
const versionsShown = 100;

/**
 * For each version the test cases ran on (newest first): how many of its cases passed, and
 * which cases passed on the newest earlier version with outcomes but fail on this one, what
 * the history says as "v7 fails 2 of 5 that v6 passed".
 */
export async function testSummaries(options: {
  workbench: Workbench;
  viewer: Viewer | null;
  promptId: string;
}): Promise<{ versions: VersionTestSummary[] }> {
  const viewer = requireViewer(options.viewer);
  const { db } = options.workbench;
  const prompt = await requirePromptPrivateData(db, viewer, options.promptId, "read");
  const newest = await db
    .selectDistinct({ version: promptTestResults.version })
    .from(promptTestResults)
    .where(eq(promptTestResults.promptId, prompt.id))
    .orderBy(desc(promptTestResults.version))
    .limit(versionsShown);
  const oldest = newest.at(-1)?.version;
  if (oldest === undefined) return { versions: [] };
  const rows = await db
    .select({
      version: promptTestResults.version,
      testId: promptTestResults.testId,
      passed: promptTestResults.passed,
      name: promptTests.name,
    })
    .from(promptTestResults)
    .innerJoin(promptTests, eq(promptTests.id, promptTestResults.testId))
    .where(and(eq(promptTestResults.promptId, prompt.id), gte(promptTestResults.version, oldest)));
  const byVersion = new Map<number, Map<string, { passed: boolean; name: string }>>();
  for (const row of rows) {
    const cases = byVersion.get(row.version) ?? new Map();
    cases.set(row.testId, { passed: row.passed, name: row.name });
    byVersion.set(row.version, cases);
  }
  const versions = [...byVersion.keys()].sort((a, b) => a - b);
  return {
    versions: versions
      .map((version, index) => {
        const cases = byVersion.get(version) ?? new Map();
        const earlier = index > 0 ? (versions[index - 1] ?? null) : null;
        const before = earlier === null ? null : byVersion.get(earlier);
        const passedBefore = before
          ? [...before].filter(([id, outcome]) => outcome.passed && cases.has(id))
          : [];
        const broke = passedBefore
          .filter(([id]) => !cases.get(id)?.passed)
          .map(([testId, outcome]) => ({ testId, name: outcome.name }));
        return {
          version,
          passed: [...cases.values()].filter((outcome) => outcome.passed).length,
          total: cases.size,
          broke,
          comparedWith: earlier,
          comparedPassed: passedBefore.length,
        };
      })
      .reverse(),
  };
}
