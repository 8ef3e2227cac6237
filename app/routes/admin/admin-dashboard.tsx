import { Link, useFetcher, useLocation, useNavigation } from "react-router";
import { AdminListFilters, hasAdminFilters } from "~/components/admin/admin-list-filters.tsx";
import { DeleteButton } from "~/components/prompt/delete-button.tsx";
import { GlobalPromptForm } from "~/components/prompt/global-prompt-form.tsx";
import { LocalDate } from "~/components/prompt/local-date.tsx";
import { SearchBox } from "~/components/prompt/search-box.tsx";
import { SortSelect } from "~/components/prompt/sort-select.tsx";
import { useActionNotices } from "~/components/prompt/use-action-notices.ts";
import { useLoadErrorNotice } from "~/components/prompt/use-load-error-notice.ts";
import { usePromptList } from "~/components/prompt/use-prompt-list.ts";
import { Button, buttonClasses } from "~/components/ui/button.tsx";
import { type PromptActionResult, skipRevalidationAfterFailure } from "~/lib/prompt-actions.ts";
import { promptClientAction } from "~/lib/prompt-route-actions.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { handlePromptAction, loadPromptList } from "~/routes/prompt-route.server.ts";
import { emptyStates, messages } from "../../../shared/messages.ts";
import { adminPreviewLength } from "../../../shared/prompt.ts";
import type { Route } from "./+types/admin-dashboard";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/admin",
    title: "Admin Dashboard | PromptShelf",
    description: "Curate PromptShelf's global prompts.",
    noindex: true,
  });

/**
 * Every prompt, a page at a time, with the search, order and filters everyone has, plus owner and
 * visibility (?owner=, ?visibility=), which the list itself refuses to anyone but an administrator.
 */
export const loader = (args: Route.LoaderArgs) => loadPromptList(args, { scope: "all" });

const noFilterMatch = "No prompts match these filters.";

export const action = (args: Route.ActionArgs) =>
  handlePromptAction(args, { shared: true, requireUseCase: true });

export const clientAction = promptClientAction;

export const shouldRevalidate = skipRevalidationAfterFailure;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const save = useFetcher<PromptActionResult>({ key: "global-save" });
  const remove = useFetcher<PromptActionResult>({ key: "global-delete" });
  const list = usePromptList(loaderData);
  const onResult = (result: PromptActionResult) => {
    if (result.ok && result.deletedId) list.remove(result.deletedId);
    if (result.ok && result.prompt) list.replace(result.prompt);
  };
  const notices = {
    created: messages.globalPromptCreated,
    deleted: messages.globalPromptDeleted,
    global: true,
    onResult,
  };
  useActionNotices(save, notices);
  useActionNotices(remove, notices);
  useLoadErrorNotice(loaderData.loadError, false);
  const location = useLocation();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    <>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg">Admin Dashboard</h1>
          <p className="mt-1 text-muted">
            Add global prompts for everyone, and curate every prompt.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/dashboard" className={buttonClasses("secondary")}>
            Personal Dashboard
          </Link>
          <Link to="/central" className={buttonClasses("secondary")}>
            Central Dashboard
          </Link>
        </div>
      </div>
      <GlobalPromptForm fetcher={save} />
      <section aria-labelledby="global-list-heading" className="mt-10">
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="global-list-heading" className="text-xl font-semibold text-fg">
            Global Prompts
          </h2>
          <div className="sm:w-72">
            <SearchBox term={loaderData.q} label="Search prompts" />
          </div>
        </div>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <AdminListFilters />
          <SortSelect searching={Boolean(loaderData.q)} />
        </div>
        {loading ? (
          <p role="status" className="py-12 text-center text-faint">
            Loading prompts...
          </p>
        ) : loaderData.loadError !== null ? (
          <p className="py-12 text-center text-muted">
            The prompts could not be loaded. Please try again.
          </p>
        ) : list.items.length === 0 ? (
          <p className="rounded-xl border-2 border-dashed border-line py-12 text-center text-muted">
            {loaderData.q
              ? emptyStates.noMatch(loaderData.q)
              : hasAdminFilters(location.search)
                ? noFilterMatch
                : emptyStates.global}
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-xl bg-surface shadow-sm ring-1 ring-line">
            {list.items.map((prompt) => (
              <li
                key={prompt.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-fg">{prompt.title}</span>
                    <span className="rounded-full bg-subtle px-2 py-0.5 text-xs text-fg-soft">
                      {prompt.isShared ? "Community" : "Personal"}
                    </span>
                    <span className="text-xs text-faint">
                      by {prompt.creatorName} · <LocalDate value={prompt.createdAt} />
                    </span>
                  </p>
                  <p className="mt-1 text-sm break-words text-muted">
                    {prompt.truncated || prompt.promptText.length > adminPreviewLength
                      ? `${prompt.promptText.slice(0, adminPreviewLength)}...`
                      : prompt.promptText}
                  </p>
                </div>
                <DeleteButton
                  variant="text"
                  label="Delete"
                  title={prompt.title}
                  busy={remove.state !== "idle" && remove.formData?.get("id") === prompt.id}
                  onConfirm={() =>
                    remove.submit({ intent: "delete", id: prompt.id }, { method: "post" })
                  }
                />
              </li>
            ))}
          </ul>
        )}
        {list.hasMore ? (
          <div className="mt-6 flex justify-center">
            <Button variant="secondary" onClick={list.loadMore} disabled={list.loadingMore}>
              {list.loadingMore ? "Loading..." : "Load more"}
            </Button>
          </div>
        ) : null}
      </section>
    </>
  );
}
