import { data, type RouterContextProvider } from "react-router";
import { appContext, viewerContext } from "~/lib/app-context.ts";
import type { PromptActionResult, PromptIntent } from "~/lib/prompt-actions.ts";
import { AppError, asAppError, errorBody } from "../../server/errors.ts";
import { listFolders } from "../../server/folders/list-folders.ts";
import { statusFor } from "../../server/http/errors.ts";
import { createPrompt } from "../../server/prompts/create-prompt.ts";
import { deletePrompt } from "../../server/prompts/delete-prompt.ts";
import { findSimilarPrompt } from "../../server/prompts/find-similar-prompt.ts";
import { listPrompts } from "../../server/prompts/list-prompts.ts";
import {
  createPromptInput,
  listPromptsQuery,
  type PromptScope,
  updatePromptInput,
} from "../../server/prompts/prompt-input.ts";
import { updatePrompt } from "../../server/prompts/update-prompt.ts";
import { listTags } from "../../server/tags/list-tags.ts";
import { listTeams } from "../../server/teams/list-teams.ts";
import { parseInput } from "../../server/validation.ts";
import type { PromptListData } from "../../shared/prompt.ts";

/** A library page's loader: one page of a list, following ?q= and ?cursor= from the URL. */
export async function loadPromptList(
  args: { url: URL; context: Readonly<RouterContextProvider> },
  list: { scope: PromptScope; category?: string; team?: string },
): Promise<PromptListData> {
  const { db, log } = args.context.get(appContext);
  const viewer = args.context.get(viewerContext);
  const params = args.url.searchParams;
  const q = params.get("q")?.trim() ?? "";
  try {
    const query = parseInput(listPromptsQuery, {
      ...list,
      q: q || undefined,
      cursor: params.get("cursor") || undefined,
      folder: params.get("folder") || undefined,
      tag: params.getAll("tag"),
      starred: params.get("starred") || undefined,
      // A search is ordered best match first unless the person picks an order.
      sort: params.get("sort") || (q ? "relevance" : undefined),
      owner: params.get("owner") || undefined,
      visibility: params.get("visibility") || undefined,
    });
    return {
      q,
      page: await listPrompts({ db, viewer: await viewer(), ...query }),
      loadError: null,
    };
  } catch (error) {
    const known = asAppError(error);
    // A database outage fails the whole page with a 503; the list alone cannot recover from it.
    if (known?.code === "unavailable") throw error;
    if (known) return { q, page: null, loadError: known.message };
    log.error({ err: error }, "could not load prompts");
    return { q, page: null, loadError: "" };
  }
}

/**
 * A library page's action: create (personal or shared, as the page decides), update or delete.
 * The domain operations decide who may; this only parses the form and reports the outcome.
 */
export async function handlePromptAction(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  page: {
    shared: boolean;
    requireUseCase?: boolean;
    /**
     * A topic page's category. What its form creates or edits is filed under it whatever use
     * case is posted: a prompt shared there under another would never show on that page.
     */
    category?: string;
    /** A team's library page: what its form creates goes into the team. */
    teamId?: string;
    /**
     * Whether the form may ask for what it creates to be shared (`shared` posted as "true"): a
     * team's page adds to the team, or shares with the community as well.
     */
    sharesWhenAsked?: boolean;
  },
) {
  const { db, log } = args.context.get(appContext);
  const viewer = args.context.get(viewerContext);
  let intent: PromptIntent | null = null;
  try {
    const form = await readForm(args.request);
    intent = String(form.get("intent")) as PromptIntent;
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : undefined;
    };
    const useCase = page.category ?? text("useCase");
    const who = await viewer();
    switch (intent) {
      case "create": {
        if (page.requireUseCase && !useCase?.trim()) {
          throw new AppError(
            "invalid_input",
            "useCase: Please enter a use case",
            "use_case_missing",
          );
        }
        const input = parseInput(createPromptInput, {
          promptText: text("promptText") ?? "",
          useCase,
          description: text("description"),
          shared: page.shared || (page.sharesWhenAsked === true && text("shared") === "true"),
          teamId: page.teamId,
          confirm: confirmed(text("confirm")),
        });
        const prompt = await createPrompt({ db, viewer: who, ...input });
        const { promptText } = input;
        const similar = await findSimilarPrompt({
          db,
          viewer: who,
          saved: prompt,
          promptText,
          log,
        });
        return ok({ ok: true, intent, prompt, similar });
      }
      case "update": {
        const input = parseInput(updatePromptInput, {
          promptText: text("promptText"),
          useCase,
          description: text("description"),
          note: text("note"),
          confirm: confirmed(text("confirm")),
        });
        const id = text("id") ?? "";
        const prompt = await updatePrompt({ db, viewer: who, id, ...input });
        const { promptText } = input;
        const similar = await findSimilarPrompt({
          db,
          viewer: who,
          saved: prompt,
          promptText,
          log,
        });
        return ok({ ok: true, intent, prompt, similar });
      }
      case "delete": {
        const id = text("id") ?? "";
        await deletePrompt({ db, viewer: who, id });
        return ok({ ok: true, intent, deletedId: id });
      }
      default:
        throw new AppError(
          "invalid_input",
          "intent: must be create, update or delete",
          "intent_unknown",
        );
    }
  } catch (error) {
    const known = asAppError(error);
    if (known) {
      return data<PromptActionResult>(
        { ok: false, intent, error: errorBody(known) },
        { status: statusFor[known.code] },
      );
    }
    log.error({ err: error }, "prompt action failed");
    return data<PromptActionResult>(
      { ok: false, intent, error: { code: "internal", message: "Something went wrong" } },
      { status: statusFor.internal },
    );
  }
}

/** The privacy dialog's "Share anyway" sends confirm=1 with the form. */
function confirmed(value: string | undefined) {
  return value === "1";
}

function ok(result: PromptActionResult) {
  return data(result);
}

/**
 * The submitted form. Pages send URL-encoded or multipart forms; anything else (JSON, plain
 * text, a multipart body cut short) cannot be read, and is refused before anything is written.
 */
async function readForm(request: Request) {
  try {
    return await request.formData();
  } catch {
    throw new AppError("invalid_input", formUnreadable, "form_unreadable");
  }
}

const formUnreadable =
  "The form could not be read. Please send the form as a web form (URL-encoded or multipart).";

/**
 * The signed-in person's folders and tags, for their library's sidebar, menus and suggestions,
 * and the teams they are in, for the sidebar's switcher.
 */
export async function loadOrganisers(context: Readonly<RouterContextProvider>) {
  const { db } = context.get(appContext);
  const viewer = context.get(viewerContext);
  const who = await viewer();
  const [folders, tags, teams] = await Promise.all([
    listFolders({ db, viewer: who }),
    listTags({ db, viewer: who }),
    listTeams({ db, viewer: who }),
  ]);
  return { folders, tags, teams: teams.items };
}

/** A person's own library (personal, favourites): a page of its list, with their folders and tags. */
export async function loadOwnLibrary(
  args: Parameters<typeof loadPromptList>[0],
  list: { scope: Extract<PromptScope, "personal" | "favourites"> },
) {
  const [page, organisers] = await Promise.all([
    loadPromptList(args, list),
    loadOrganisers(args.context),
  ]);
  return { ...page, organisers, scope: list.scope };
}

/**
 * A team's library: a page of its prompts, the team as the person sees it (name, their role) and
 * the sidebar's organisers. Anyone not in the team finds nothing here (404), as the API answers.
 */
export async function loadTeamLibrary(args: Parameters<typeof loadPromptList>[0], teamId: string) {
  const organisers = await loadOrganisers(args.context);
  const team = organisers.teams.find((candidate) => candidate.id === teamId);
  if (!team) throw data("Team not found", { status: 404 });
  const page = await loadPromptList(args, { scope: "team", team: teamId });
  return { ...page, organisers, team };
}
