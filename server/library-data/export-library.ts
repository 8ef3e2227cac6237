import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireTeamRole } from "../teams/team-access.ts";
import { csvRow, guardCell } from "./csv.ts";
import { promptFileChunks } from "./export-prompt-files.ts";
import { skillChunks } from "./export-skills.ts";
import {
  type ExportedCollection,
  type ExportedPrompt,
  earlierVersions,
  ownCollections,
  ownFolders,
  ownPrompts,
  starsOnOthers,
} from "./library-rows.ts";
import { exportEntry, folderCodec } from "./table-codecs.ts";
import { teamEarlierVersions, teamPrompts } from "./team-rows.ts";

export const exportFormats = ["json", "csv", "markdown", "prompt-files", "skills"] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const libraryFormat = "promptshelf-library";
export const csvHeader = ["act", "prompt", "category", "tags", "folder", "created_at"];
/** Folder paths in CSV and Markdown: "Work / Clients". */
export const folderPathSeparator = " / ";

/** Each format's content type and extension, and what its file is named after (`stem`). */
const types: Record<ExportFormat, { type: string; extension: string; stem: string }> = {
  json: { type: "application/json; charset=utf-8", extension: "json", stem: "library" },
  csv: { type: "text/csv; charset=utf-8", extension: "csv", stem: "library" },
  markdown: { type: "text/markdown; charset=utf-8", extension: "md", stem: "library" },
  "prompt-files": { type: "application/zip", extension: "zip", stem: "prompts" },
  skills: { type: "application/zip", extension: "zip", stem: "skills" },
};

type Folder = Awaited<ReturnType<typeof ownFolders>>[number];

/**
 * What an export reads: the viewer's own library, or a team's. A team's prompts have no folders
 * or tags of their own yet, and stars and collections are their giver's, so a team's file holds
 * its prompts and their history alone.
 */
interface LibrarySource {
  /** The team whose library it is; null: the viewer's own. */
  team: { id: string; name: string } | null;
  folders: Folder[];
  prompts(): AsyncGenerator<ExportedPrompt & Record<string, unknown>>;
  versions(edited: Map<string, number>): AsyncGenerator<Record<string, unknown>>;
  favourites(): Promise<Record<string, unknown>[]>;
  collections(): Promise<ExportedCollection[]>;
}

async function ownLibrary(db: Database, viewer: Viewer): Promise<LibrarySource> {
  return {
    team: null,
    folders: await ownFolders(db, viewer.userId),
    prompts: () => ownPrompts(db, viewer.userId),
    versions: (edited) => earlierVersions(db, edited),
    favourites: () => starsOnOthers(db, viewer.userId),
    collections: () => ownCollections(db, viewer.userId),
  };
}

/**
 * A team's library, for any of its members. Its prompts and versions are read a batch at a time
 * through the team's rule, so a member removed midway is given nothing read after (team-rows.ts).
 */
function teamLibrary(db: Database, viewer: Viewer, team: { id: string; name: string }) {
  return {
    team,
    folders: [],
    prompts: () => teamPrompts(db, viewer, team.id),
    versions: (edited) => teamEarlierVersions(db, viewer, team.id, edited),
    favourites: async () => [],
    collections: async () => [],
  } satisfies LibrarySource;
}

/**
 * The viewer's whole library as a stream, or with `teamId` a team's (any member may): JSON
 * (everything, re-importable), CSV (opens in a spreadsheet, imports into other prompt tools),
 * Markdown (one document to read), a zip of `.prompt.md` files (for Copilot and Claude Code;
 * imports back) or a zip of Agent Skills (a `SKILL.md` folder a prompt, for Claude, Codex and
 * other agents; export-skills.ts). A team one is not in is not found. The personal export never
 * holds a team's prompts, not even those the viewer wrote (ownedBy in prompt-access.ts).
 */
export async function exportLibrary(options: {
  db: Database;
  viewer: Viewer | null;
  format: ExportFormat;
  teamId?: string;
}) {
  const viewer = requireViewer(options.viewer);
  const { db, teamId } = options;
  const source = teamId
    ? teamLibrary(db, viewer, {
        id: teamId,
        name: (await requireTeamRole(db, viewer, teamId, "viewer")).name,
      })
    : await ownLibrary(db, viewer);
  const paths = folderPaths(source.folders);
  const chunks = {
    json: () => jsonChunks(viewer, source),
    csv: () => csvChunks(source, paths),
    markdown: () => markdownChunks(viewer, source, paths),
    "prompt-files": () => promptFileChunks(source.prompts(), source.folders),
    skills: () => skillChunks(source.prompts()),
  }[options.format]();
  const date = new Date().toISOString().slice(0, 10);
  const name = `promptshelf-${source.team ? "team-" : ""}${types[options.format].stem}`;
  return {
    filename: `${name}-${date}.${types[options.format].extension}`,
    contentType: types[options.format].type,
    body: toStream(chunks),
  };
}

async function* jsonChunks(viewer: Viewer, source: LibrarySource) {
  const header = {
    format: libraryFormat,
    version: 1,
    exportedAt: new Date().toISOString(),
    account: { email: viewer.email, name: viewer.name },
    ...(source.team ? { team: { name: source.team.name } } : {}),
    folders: source.folders.map((folder) => exportEntry(folderCodec, folder)),
    favourites: await source.favourites(),
    collections: await source.collections(),
  };
  yield `${JSON.stringify(header).slice(0, -1)},"prompts":[`;
  // The prompts with earlier versions, at the version they were read at: their versions follow.
  const edited = new Map<string, number>();
  let written = 0;
  for await (const prompt of source.prompts()) {
    if (prompt.version > 1) edited.set(prompt.id, prompt.version);
    yield listEntry(prompt, written++);
  }
  yield '\n],"versions":[';
  written = 0;
  for await (const version of source.versions(edited)) yield listEntry(version, written++);
  yield "\n]}\n";
}

/** An entry of a list, one per line. */
function listEntry(entry: unknown, before: number) {
  return `${before === 0 ? "\n" : ",\n"}${JSON.stringify(entry)}`;
}

async function* csvChunks(source: LibrarySource, paths: Map<string, string>) {
  yield csvRow(csvHeader);
  for await (const prompt of source.prompts()) {
    yield csvRow([
      ...[
        prompt.title,
        prompt.promptText,
        prompt.category ?? "",
        prompt.tags.join("; "),
        prompt.folderId ? (paths.get(prompt.folderId) ?? "") : "",
      ].map(guardCell),
      prompt.createdAt,
    ]);
  }
}

async function* markdownChunks(viewer: Viewer, source: LibrarySource, paths: Map<string, string>) {
  const whose = source.team
    ? `the team ${source.team.name.replace(/\n/g, " ")}`
    : viewer.name || viewer.email;
  yield `# PromptShelf library of ${whose}\n\nExported ${new Date().toISOString().slice(0, 10)}.\n`;
  for await (const prompt of source.prompts()) {
    yield markdownSection(prompt, paths, source.team ? "Team" : "Personal");
  }
}

function markdownSection(prompt: ExportedPrompt, paths: Map<string, string>, unshared: string) {
  const facts = [
    prompt.shared ? "Shared with the community" : unshared,
    prompt.category ? `Category: ${prompt.category}` : null,
    prompt.folderId ? `Folder: ${paths.get(prompt.folderId)}` : null,
    prompt.tags.length ? `Tags: ${prompt.tags.map((tag) => `#${tag}`).join(" ")}` : null,
    `Created ${prompt.createdAt.slice(0, 10)}`,
  ].filter(Boolean);
  // A fence longer than any run of backticks in the text, so the text cannot close it.
  const longest = Math.max(
    2,
    ...[...prompt.promptText.matchAll(/`+/g)].map((run) => run[0].length),
  );
  const fence = "`".repeat(longest + 1);
  return `\n## ${prompt.title.replace(/\n/g, " ")}\n\n${facts.join(" · ")}\n\n${fence}\n${prompt.promptText}\n${fence}\n`;
}

/**
 * Each folder's path from the top of the library ("Work / Clients"), built from its parent's
 * path: every folder is walked once, however deep the tree, and a loop ends the walk.
 */
export function folderPaths(folders: { id: string; name: string; parentId: string | null }[]) {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const paths = new Map<string, string>();
  for (const start of folders) {
    const trail: { id: string; name: string }[] = [];
    const seen = new Set<string>();
    let folder = byId.get(start.id);
    while (folder && !paths.has(folder.id) && !seen.has(folder.id)) {
      seen.add(folder.id);
      trail.push(folder);
      folder = folder.parentId ? byId.get(folder.parentId) : undefined;
    }
    let path = folder ? paths.get(folder.id) : undefined;
    for (const step of trail.reverse()) {
      path = path === undefined ? step.name : `${path}${folderPathSeparator}${step.name}`;
      paths.set(step.id, path);
    }
  }
  return paths;
}

function toStream(chunks: AsyncGenerator<string | Uint8Array>) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else {
        controller.enqueue(
          typeof next.value === "string" ? encoder.encode(next.value) : next.value,
        );
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
