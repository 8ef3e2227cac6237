import type { SharedFinding } from "./secret-scan.ts";

/** A prompt's history as the API and the history dialog present it. */

/** The longest note an edit may carry ("tightened the tone"). */
export const versionNoteMaxLength = 200;

/** One version, without its text: what the history's list shows. */
export interface VersionSummary {
  number: number;
  title: string;
  category: string | null;
  /** Who wrote it, named as a card names a creator. */
  authorName: string;
  createdAt: string;
  note: string | null;
  /** For a restore: the version it brought back. */
  restoredFrom: number | null;
  /**
   * Who purged it and when: its title, use case, text and note are gone for good (then empty
   * and null here). Null for a version kept whole, and always for the current one.
   */
  purged: { byName: string; at: string } | null;
  /**
   * The labels pointing at it (production, staging…), in a prompt's history as the API gives it;
   * a public page's history leaves them out.
   */
  labels?: string[];
}

/** One version with its whole text. */
export interface Version extends VersionSummary {
  promptText: string;
}

export interface History {
  promptId: string;
  /** The current version's number; versions run from `oldestKept` to it. */
  current: number;
  /** The oldest version still kept; the ones before it were merged away. */
  oldestKept: number;
  /** Newest first, the current version first of all. */
  versions: VersionSummary[];
}

/**
 * What an edit left behind in a prompt's earlier versions: each version still holding a secret or
 * piece of personal data that the current version no longer has, with what it holds (masked).
 */
export interface LeftBehind {
  versions: { number: number; findings: SharedFinding[] }[];
}

/** A saved copy, the original's version it came from and the original now. */
export interface Upstream {
  original: { id: string; title: string };
  /** The original as the copy took it; null once that version was merged away. */
  from: Version | null;
  fromVersion: number;
  /** The original now. */
  current: Version;
  /** The copy now. */
  copy: { title: string; category: string | null; promptText: string };
  /** Whether the copy differs from what it took (or what it took is no longer known). */
  edited: boolean;
}

/** Bring a copy up to date: take the original's current version, or keep the copy as it is. */
export type UpstreamChoice = "original" | "mine";
