import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Viewer } from "../auth/viewer.ts";
import type { KeptSearches } from "../cache/kept-answers.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { listFolders } from "../folders/list-folders.ts";
import { folderPaths } from "../library-data/export-library.ts";
import type { Logger } from "../logger.ts";
import { getPrompt } from "../prompts/get-prompt.ts";
import { tagName } from "../prompts/prompt-input.ts";
import { listTags } from "../tags/list-tags.ts";
import { isUuid } from "../uuid.ts";
import { storableText } from "../validation.ts";
import { labelName } from "../versions/label-input.ts";
import { getPromptAtLabel } from "../versions/version-labels.ts";
import { expandedTemplate, fillForMcp, templateValues } from "./fill-template.ts";
import { compactPrompt, toolResult, toolText } from "./mcp-results.ts";
import { searchPrompts } from "./search-prompts.ts";

/** A page of a tool's results is at most this long. */
export const toolPageLimit = 50;

const promptId = z.string().describe("A prompt's id, as search_prompts returns it");

// Schemas are built once: a server is made for every request (mcp-routes.ts).
export const searchInput = z.object({
  query: storableText().max(500).optional().describe("Words to find in title, use case or text"),
  scope: z
    .enum(["all", "personal", "community", "favourites", "team"])
    .default("all")
    .describe(
      "all: yours and the community's; personal: your own; favourites: starred; team: one team's library (give team)",
    ),
  team: z
    .string()
    .max(100)
    .optional()
    .describe("With scope team: the id of a team you are in (a prompt's teamId names it)"),
  folder: storableText()
    .max(2000)
    .optional()
    .describe('One of your folders, by id or path ("Work / Emails"), as list_folders gives'),
  tag: tagName.optional().describe("One of your tags"),
  limit: z.number().int().min(1).max(toolPageLimit).default(10),
  cursor: z.string().max(300).optional().describe("nextCursor of the previous page"),
});
const getInput = z.object({
  id: promptId,
  label: labelName
    .optional()
    .describe("A version label (production, staging…): the text of the version it points at"),
});
const renderInput = z.object({
  id: promptId,
  values: templateValues.default({}).describe("Each variable's value, by name"),
});

/** The tools that read the library: search, fetch, fill a template, list folders and tags. */
export function registerReadTools(
  server: McpServer,
  options: { db: Database; viewer: Viewer; searches: KeptSearches; log: Logger },
) {
  const { db, viewer, log } = options;
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
  const pathsOfFolders = async () => folderPaths(await listFolders({ db, viewer }));

  const search = async (input: z.infer<typeof searchInput>) => {
    let paths: Map<string, string> | undefined;
    let folder: string | undefined;
    if (input.folder !== undefined) {
      paths = await pathsOfFolders();
      folder = folderIdOf(paths, input.folder);
    }
    const page = await searchPrompts({
      db,
      viewer,
      scope: input.scope,
      team: input.team,
      q: input.query?.trim() || undefined,
      folder,
      tag: input.tag ? [input.tag] : [],
      limit: input.limit,
      cursor: input.cursor,
    });
    if (!paths && page.items.some((item) => item.folderId)) paths = await pathsOfFolders();
    return {
      items: page.items.map((item) => compactPrompt(item, paths ?? new Map())),
      nextCursor: page.nextCursor ?? undefined,
    };
  };

  server.registerTool(
    "search_prompts",
    {
      title: "Search prompts",
      description:
        "Search the person's PromptShelf library and the community library. Without a query, lists newest first. Returns compact JSON: items (id, title, text excerpt, tags, folder) and nextCursor.",
      inputSchema: searchInput,
      annotations: readOnly,
    },
    (input) =>
      toolText(log, () =>
        options.searches.answer(
          {
            userId: viewer.userId,
            isAdmin: viewer.isAdmin,
            key: JSON.stringify(input),
            // A team's prompts are news to its members' own versions, as their own prompts are.
            showsCommunity: input.scope !== "personal" && input.scope !== "team",
          },
          async () => JSON.stringify(await search(input)),
        ),
      ),
  );

  server.registerTool(
    "get_prompt",
    {
      title: "Get a prompt",
      description:
        "One prompt, whole: its text, use case, template variables, tags and folder (yours only). With label (production, staging…), the version that label points at.",
      inputSchema: getInput,
      annotations: readOnly,
    },
    ({ id, label }) =>
      toolResult(log, async () => {
        const prompt = label
          ? await getPromptAtLabel({ db, viewer, id, label })
          : await getPrompt({ db, viewer, id });
        const paths = prompt.folderId ? await pathsOfFolders() : new Map<string, string>();
        return compactPrompt(prompt, paths);
      }),
  );

  server.registerTool(
    "render_template",
    {
      title: "Fill a template",
      description:
        "Fills a prompt's {{variables}} with the values given and returns the text to use. A variable with a default ({{tone|friendly}}) may be left out; any other missing one is an error naming it. {{> Title}} snippets are expanded from the person's prompts; {{today}} (UTC) and {{me}} are filled; {{clipboard}} must be given as a value.",
      inputSchema: renderInput,
      annotations: readOnly,
    },
    ({ id, values }) =>
      toolResult(log, async () => {
        const prompt = await getPrompt({ db, viewer, id });
        const expanded = await expandedTemplate({ db, viewer, prompt });
        return { text: fillForMcp(expanded, values, viewer) };
      }),
  );

  server.registerTool(
    "list_folders",
    {
      title: "List folders",
      description: "Your folders, each with its path and how many prompts it holds.",
      annotations: readOnly,
    },
    () =>
      toolResult(log, async () => {
        const folders = await listFolders({ db, viewer });
        const paths = folderPaths(folders);
        return folders.map((folder) => ({
          id: folder.id,
          path: paths.get(folder.id),
          prompts: folder.promptCount,
        }));
      }),
  );

  server.registerTool(
    "list_tags",
    {
      title: "List tags",
      description: "Your tags, each with how many of your prompts carry it.",
      annotations: readOnly,
    },
    () =>
      toolResult(log, async () =>
        (await listTags({ db, viewer })).map((tag) => ({
          name: tag.name,
          prompts: tag.promptCount,
        })),
      ),
  );
}

/** A folder named by id or path; one the person does not have is not found. */
export function folderIdOf(paths: ReadonlyMap<string, string>, folder: string) {
  if (isUuid(folder) && paths.has(folder)) return folder;
  const wanted = folder.trim().toLowerCase();
  for (const [id, path] of paths) if (path.toLowerCase() === wanted) return id;
  throw new AppError(
    "not_found",
    `No folder "${folder}": list_folders gives yours`,
    "folder_not_found",
  );
}
