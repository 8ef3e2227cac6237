/**
 * The workbench as the API and the pages both see it: model connections, runs of a prompt
 * against a model, and test cases whose checks catch an edit that breaks the answer.
 */

export const connectionKinds = ["openai-compatible", "anthropic"] as const;
export type ConnectionKind = (typeof connectionKinds)[number];

/** A model connection as any answer shows it: its key never, only whether it has one. */
export interface ConnectionView {
  id: string;
  name: string;
  kind: ConnectionKind;
  baseUrl: string;
  hasKey: boolean;
  /**
   * A key was kept but cannot be opened with this server's CONNECTION_SECRET (a backup restored
   * under another): it must be entered again.
   */
  keyNeedsEntering: boolean;
  defaultModel: string | null;
  /** A team's connection: its members run with it; null for one's own. */
  team: { id: string; name: string } | null;
  /** Whether the person may change and delete it: their own, or a team's they own. */
  canManage: boolean;
}

export const connectionNameMaxLength = 80;
export const connectionUrlMaxLength = 2_000;
export const connectionKeyMaxLength = 4_000;
export const modelNameMaxLength = 200;
/** Most connections one person keeps. */
export const connectionsPerPerson = 20;

/** Tokens a model reported reading and writing; null when it did not say. */
export interface RunUsage {
  inputTokens: number | null;
  outputTokens: number | null;
}

/** What a finished run answers (the stream's `done` event, or the whole answer). */
export interface RunResult {
  /** The stored run, or null when nothing was kept (a prompt's text typed in, not a prompt). */
  runId: string | null;
  output: string;
  usage: RunUsage;
  /** From sending the request to the whole answer. */
  ms: number;
  /** From sending the request to the first piece of the answer. */
  firstTokenMs: number | null;
  version: number | null;
}

/** A kept run, as the prompt's runs list shows it. */
export interface RunView {
  id: string;
  version: number;
  connectionName: string;
  model: string;
  temperature: number | null;
  maxTokens: number | null;
  values: Record<string, string>;
  output: string;
  usage: RunUsage;
  ms: number;
  firstTokenMs: number | null;
  createdAt: string;
}

export const checkKinds = [
  "contains",
  "not-contains",
  "regex",
  "json",
  "json-schema",
  "max-length",
  "min-length",
  "equals",
] as const;
export type CheckKind = (typeof checkKinds)[number];

/** A check on the answer; `value` is what the kind needs (text, a pattern, a schema, a length). */
export interface TestCheck {
  kind: CheckKind;
  value: string;
}

export const checkLabels: Record<CheckKind, string> = {
  contains: "contains",
  "not-contains": "does not contain",
  regex: "matches the pattern",
  json: "is JSON",
  "json-schema": "is JSON valid for the schema",
  "max-length": "is at most (characters)",
  "min-length": "is at least (characters)",
  equals: "equals",
};

/** Kinds whose value is unused. */
export const checksWithoutValue: ReadonlySet<CheckKind> = new Set(["json"]);

export interface TestCase {
  id: string;
  name: string;
  values: Record<string, string>;
  checks: TestCheck[];
}

export const testNameMaxLength = 120;
export const checksPerTest = 20;
export const testsPerPrompt = 50;
export const checkValueMaxLength = 20_000;
/** How many cases of a prompt run against the model at once. */
export const testsAtOnce = 4;

/** A case's outcome on one version. */
export interface TestResult {
  testId: string;
  passed: boolean;
  output: string;
  /** Why it failed, one line per check that did not hold (or the run's error). */
  failures: string[];
}

export interface TestRunResult {
  version: number;
  results: TestResult[];
}

/** For the history: how a version did on the prompt's test cases, as last run. */
export interface VersionTestSummary {
  version: number;
  passed: number;
  total: number;
  /** Cases that passed on the previous version with results and fail on this one. */
  broke: { testId: string; name: string }[];
  /** The version compared with for `broke`: the newest earlier one with results, if any. */
  comparedWith: number | null;
  /** How many of the cases run on both that version passed. */
  comparedPassed: number;
}

/** "v7 fails 2 of 5 that v6 passed". */
export function brokeText(summary: VersionTestSummary) {
  if (summary.comparedWith === null || !summary.broke.length) return null;
  return `v${summary.version} fails ${summary.broke.length} of ${summary.comparedPassed} that v${summary.comparedWith} passed`;
}
